import type {
  ConfirmEmailChangeRequest,
  CurrentUser,
  ForgotPasswordRequest,
  LoginRequest,
  MessageResponse,
  RegisterRequest,
  ResetPasswordRequest,
  UserResponse,
} from '@bleedkits/contracts';
import { api, isApiError } from '@/api/api';
import { SIGNED_IN_TAGS } from '@/api/cache-tags';
import type { AppDispatch } from '@/app/store';
import { showToast } from '@/components/toasts/use-toast';

export const CURRENT_USER_PATH = '/api/auth/user';
export const GOOGLE_SIGN_IN_PATH = '/api/auth/google';

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The signed-in user, or null when signed out: a 401 here is an answer, not a failure. */
    currentUser: build.query<CurrentUser | null, void>({
      async queryFn(_arg, _api, _extra, baseQuery) {
        const result = await baseQuery(CURRENT_USER_PATH);
        if (result.error) {
          if (result.error.status === 401) return { data: null };
          return { error: result.error };
        }
        return { data: (result.data as UserResponse).user };
      },
      providesTags: ['CurrentUser'],
      async onQueryStarted(_arg, { queryFulfilled }) {
        try {
          await queryFulfilled;
        } catch (rejection) {
          if (isApiError((rejection as { error?: unknown }).error)) {
            showToast({ title: 'Failed to fetch user', variant: 'destructive' });
          }
        }
      },
    }),
    login: build.mutation<CurrentUser, LoginRequest>({
      query: (body) => ({ url: '/api/auth/login', method: 'POST', body }),
      transformResponse: (response: UserResponse) => response.user,
      onQueryStarted: (_arg, lifecycle) => signInOnSuccess(lifecycle),
    }),
    /** Creates the account and signs it in. */
    register: build.mutation<CurrentUser, RegisterRequest>({
      query: (body) => ({ url: '/api/auth/register', method: 'POST', body }),
      transformResponse: (response: UserResponse) => response.user,
      onQueryStarted: (_arg, lifecycle) => signInOnSuccess(lifecycle),
    }),
    /** The spec's logout is a POST to the current-user path. */
    logout: build.mutation<null, void>({
      query: () => ({ url: CURRENT_USER_PATH, method: 'POST' }),
      // Kit lists and admin data belong to the user who just left.
      invalidatesTags: SIGNED_IN_TAGS,
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          await queryFulfilled;
          await dispatch(authApi.util.upsertQueryData('currentUser', undefined, null));
        } catch {
          // The caller reports the failure.
        }
      },
    }),
    resetPassword: build.mutation<MessageResponse, ResetPasswordRequest>({
      query: (body) => ({ url: '/api/auth/reset-password', method: 'POST', body }),
    }),
    /** The link e-mailed to a new sign-in address; the current user (if signed in here) now has that address. */
    confirmEmailChange: build.mutation<MessageResponse, ConfirmEmailChangeRequest>({
      query: (body) => ({ url: '/api/auth/confirm-email', method: 'POST', body }),
      invalidatesTags: ['CurrentUser'],
    }),
    /** "Forgot password?": the same answer whether or not the address has an account. */
    forgotPassword: build.mutation<MessageResponse, ForgotPasswordRequest>({
      query: (body) => ({ url: '/api/auth/forgot-password', method: 'POST', body }),
    }),
  }),
});

/** Login and register answer the user: put it in the current-user cache so the whole app sees the session at once. */
async function signInOnSuccess({
  dispatch,
  queryFulfilled,
}: {
  dispatch: AppDispatch;
  queryFulfilled: Promise<{ data: CurrentUser }>;
}): Promise<void> {
  try {
    const { data } = await queryFulfilled;
    await dispatch(authApi.util.upsertQueryData('currentUser', undefined, data));
  } catch {
    // The form reports the failure.
  }
}

export const {
  useCurrentUserQuery,
  useLoginMutation,
  useRegisterMutation,
  useLogoutMutation,
  useResetPasswordMutation,
  useForgotPasswordMutation,
  useConfirmEmailChangeMutation,
} = authApi;
