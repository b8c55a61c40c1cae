import QRCode from "qrcode";

/**
 * The payment QR code as an SVG string, drawn on the server so the order page ships no QR
 * library to the browser. Medium error correction survives a phone camera at an angle.
 */
export function renderQrSvg(payload: string): Promise<string> {
  return QRCode.toString(payload, { type: "svg", errorCorrectionLevel: "M", margin: 2 });
}
