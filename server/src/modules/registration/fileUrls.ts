/**
 * Supporting files are opened by short-lived signed URLs, as attachments and port documents are
 * (modules/media/urls.ts): `/api/sms-verification/supporting-files/{fileId}?company=…&expires=…&sig=…`. The
 * signature is the media signature over (company, file id, an index of this kind's own), so a link never opens
 * another kind's record of the same id.
 */
import type { AppContext } from '../../http/context';
import { signMediaUrl, verifyMediaUrl } from '../media/urls';

const REGISTRATION_FILE_INDEX = -4000;

export function signSupportingFileUrl(ctx: AppContext, companyId: number, fileId: number): string {
  // The media signer makes an attachment URL; its expiry and signature are what this URL carries.
  const signed = new URL(
    signMediaUrl(ctx, { companyId, itemId: fileId, index: REGISTRATION_FILE_INDEX }),
    'http://x',
  );
  const expires = signed.searchParams.get('expires');
  const sig = signed.searchParams.get('sig');
  return `${ctx.config.apiPrefix}/sms-verification/supporting-files/${fileId}?company=${companyId}&expires=${expires}&sig=${sig}`;
}

export function verifySupportingFileUrl(
  ctx: AppContext,
  link: { companyId: number; fileId: number; expires: number; sig: string },
): 'ok' | 'expired' | 'invalid' {
  return verifyMediaUrl(ctx, {
    companyId: link.companyId,
    itemId: link.fileId,
    index: REGISTRATION_FILE_INDEX,
    expires: link.expires,
    sig: link.sig,
  });
}
