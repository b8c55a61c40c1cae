import { describe, expect, it } from "vitest";
import { readOrderNumber } from "./read-order-number.ts";

const ID = "3f2a1c9e-4b7d-4e21-9a0c-5d8e6f1b2a3c";

describe("readOrderNumber", () => {
  it.each([
    ID,
    `  ${ID}\n`,
    ID.toUpperCase(),
    `https://obmen.example/order/${ID}`,
    `https://obmen.example/en/order/${ID}/`,
    `http://localhost:3000/uk/order/${ID}?receipt=sent`,
    `https://another.host/EN/Order/${ID.toUpperCase()}#pay`,
    `obmen.example/order/${ID}`,
    `/uk/order/${ID}/?x=1`,
    `https://obmen.example/order/${ID}?confirm=cancel`,
  ])("finds the number in %j", (input) => {
    expect(readOrderNumber(input)).toBe(ID);
  });

  it.each([
    "",
    "nonsense",
    `${ID}0`,
    `https://obmen.example/order/${ID}/receipt`,
    // A number elsewhere in a link is not an order's: e.g. a password-reset link.
    `https://obmen.example/restore/${ID}`,
    `https://obmen.example/?order=${ID}`,
    `https://obmen.example/order/${ID} and more`,
    `mailto:order/${ID}`,
    "https://obmen.example/order/%E0%A4%A",
  ])("refuses %j", (input) => {
    expect(readOrderNumber(input)).toBeNull();
  });
});
