/** The QR code of a pledge page's address, drawn on the server as SVG (the `qrcode` library). */
import QRCode from 'qrcode';
import type { Deps } from '../deps';

export async function pledgeQrSvg(deps: Pick<Deps, 'config'>, reference: string): Promise<string> {
  return QRCode.toString(`${deps.config.publicUrl}/pledge/${reference}`, {
    type: 'svg',
    errorCorrectionLevel: 'M',
    margin: 2,
  });
}
