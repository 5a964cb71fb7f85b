import { LIMITS } from '@zunft/contracts';

export type LogoFileProblem = 'tooLarge' | 'badType';

const EXTENSION = /\.(jpe?g|png|gif|webp)$/i;

/**
 * Client check before the upload (part 2 §5 "Logo"): at most 5 MB; jpeg, jpg, png, gif or webp.
 * Browsers that report no MIME type are judged by the file extension. The server checks again
 * by content.
 */
export function checkLogoFile(file: Pick<File, 'size' | 'type' | 'name'>): LogoFileProblem | null {
  const type = file.type.toLowerCase();
  const typeOk = type === '' ? EXTENSION.test(file.name) : LIMITS.logoMimeTypes.includes(type) || type === 'image/jpg';
  if (!typeOk) return 'badType';
  if (file.size > LIMITS.logoMaxBytes) return 'tooLarge';
  return null;
}

export const LOGO_ACCEPT = '.jpg,.jpeg,.png,.gif,.webp,image/jpeg,image/png,image/gif,image/webp';
