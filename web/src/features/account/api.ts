import type { MessageResponse, UpdateProfileResponse } from '@bleedkits/contracts';
import { api } from '@/api/api';

/** `currentPassword` only when `email` is a new address (it then changes from the link e-mailed to it). */
export type ProfileUpdate = { firstName: string; lastName: string; email: string; currentPassword?: string };
export type PasswordChange = { currentPassword: string; newPassword: string };

export const accountApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Refreshes the current user through its cache tag, so the header and every page show the new name. */
    updateProfile: build.mutation<UpdateProfileResponse, ProfileUpdate>({
      query: (body) => ({ url: '/api/auth/profile', method: 'PUT', body }),
      invalidatesTags: ['CurrentUser'],
    }),
    changePassword: build.mutation<MessageResponse | null, PasswordChange>({
      query: (body) => ({ url: '/api/auth/password', method: 'PUT', body }),
    }),
  }),
});

export const { useUpdateProfileMutation, useChangePasswordMutation } = accountApi;
