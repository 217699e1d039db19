import { TOKEN_STORAGE_KEY } from '../../shared/constants';

/** The signed-in admin's token (localStorage 'token'), or null. */
export const readToken = (): string | null => {
  try {
    return localStorage.getItem(TOKEN_STORAGE_KEY);
  } catch {
    return null;
  }
};
