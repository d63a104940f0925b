import type { CurrentUser, MessageResponse, UserResponse } from '@bleedkits/contracts';
import { api } from '@/api/api';

export type ProfileUpdate = { firstName: string; lastName: string; email: string };
export type PasswordChange = { currentPassword: string; newPassword: string };

export const accountApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Refreshes the current user through its cache tag, so the header and every page show the new name. */
    updateProfile: build.mutation<CurrentUser, ProfileUpdate>({
      query: (body) => ({ url: '/api/auth/profile', method: 'PUT', body }),
      transformResponse: (response: UserResponse) => response.user,
      invalidatesTags: ['CurrentUser'],
    }),
    changePassword: build.mutation<MessageResponse | null, PasswordChange>({
      query: (body) => ({ url: '/api/auth/password', method: 'PUT', body }),
    }),
  }),
});

export const { useUpdateProfileMutation, useChangePasswordMutation } = accountApi;
