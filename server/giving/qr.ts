/** The QR code of a pledge page's address, drawn on the server as SVG (the `qrcode` library). */
import type { FastifyRequest } from 'fastify';
import QRCode from 'qrcode';
import type { Deps } from '../deps';

export async function pledgeQrSvg(deps: Pick<Deps, 'config'>, req: FastifyRequest, reference: string): Promise<string> {
  const base = deps.config.publicUrl ?? `${req.protocol}://${req.host}`;
  return QRCode.toString(`${base}/pledge/${reference}`, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
}
