// QR codes made in the browser (spec 000 §7: 200 px, margin 2, black on white). `qrcode` is imported only here,
// and only the lazy dialogs that show a code import this file, so it stays out of the initial bundle.
import QRCode from 'qrcode';

export const QR_SIZE_PX = 200;
export const QR_MARGIN = 2;

/** A PNG data URL of `text` as a QR code (the library's default colours are black on white). */
export function qrDataUrl(text: string): Promise<string> {
  return QRCode.toDataURL(text, { width: QR_SIZE_PX, margin: QR_MARGIN, errorCorrectionLevel: 'M' });
}
