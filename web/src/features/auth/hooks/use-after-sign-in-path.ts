import { RETURN_TO_PARAM, safeReturnTo } from '@bleedkits/contracts';
import { useSearchParams } from 'react-router';
import { PATHS } from '@/config/paths';

/**
 * Where the sign-in page leaves for: the page named by returnTo (GET /api/login puts it there) when it is a path of
 * this site, else home.
 */
export function useAfterSignInPath(): string {
  const [searchParams] = useSearchParams();
  return safeReturnTo(searchParams.get(RETURN_TO_PARAM)) ?? PATHS.home;
}
