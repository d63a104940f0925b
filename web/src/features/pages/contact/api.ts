import type { ContactMessageRequest, ContactMessageResponse } from '@bleedkits/contracts';
import { api } from '@/api/api';

export const contactApi = api.injectEndpoints({
  endpoints: (build) => ({
    sendContactMessage: build.mutation<ContactMessageResponse, ContactMessageRequest>({
      query: (body) => ({ url: '/api/contact', method: 'POST', body }),
    }),
  }),
});

export const { useSendContactMessageMutation } = contactApi;
