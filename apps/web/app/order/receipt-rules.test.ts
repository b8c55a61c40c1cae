import { MAX_RECEIPT_BYTES } from "@obmen/domain";
import { describe, expect, it } from "vitest";
import { checkReceiptFile } from "./receipt-rules.ts";

const file = (name: string, size: number, type: string) => ({ name, size, type });

describe("receipt files", () => {
  it("accept JPEG, PNG and PDF up to 10 MB", () => {
    expect(checkReceiptFile(file("check.png", 1000, "image/png"))).toBeNull();
    expect(checkReceiptFile(file("scan.PDF", MAX_RECEIPT_BYTES, "application/pdf"))).toBeNull();
    // A phone may send a photo without a type: the name vouches for it.
    expect(checkReceiptFile(file("IMG_0042.JPG", 5000, ""))).toBeNull();
    expect(checkReceiptFile(file("photo", 5000, "image/jpeg"))).toBeNull();
  });

  it("refuse a missing or empty file, a big one, and other types", () => {
    expect(checkReceiptFile(null)).toBe("missing");
    expect(checkReceiptFile(file("empty.png", 0, "image/png"))).toBe("missing");
    expect(checkReceiptFile(file("big.png", MAX_RECEIPT_BYTES + 1, "image/png"))).toBe("too_large");
    expect(checkReceiptFile(file("notes.txt", 10, "text/plain"))).toBe("wrong_type");
    expect(checkReceiptFile(file("receipt.png.exe", 10, "application/x-msdownload"))).toBe(
      "wrong_type",
    );
  });
});
