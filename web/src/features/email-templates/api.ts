import type {
  EmailTemplate,
  EmailTemplateListResponse,
  PreviewEmailRequest,
  PreviewEmailResponse,
  SendTestEmailRequest,
  SendTestEmailResponse,
  UpdateEmailTemplateRequest,
  UpdateEmailTemplateResponse,
} from '@bleedkits/contracts';
import { api } from '@/api/api';

export const emailTemplatesApi = api.enhanceEndpoints({ addTagTypes: ['EmailTemplates'] }).injectEndpoints({
  endpoints: (build) => ({
    emailTemplatesList: build.query<EmailTemplate[], void>({
      query: () => '/api/admin/email-templates',
      transformResponse: (response: EmailTemplateListResponse) => response.templates,
      providesTags: ['EmailTemplates'],
    }),
    emailTemplatesSave: build.mutation<UpdateEmailTemplateResponse, UpdateEmailTemplateRequest & { id: string }>({
      query: ({ id, ...body }) => ({ url: `/api/admin/email-templates/${encodeURIComponent(id)}`, method: 'PUT', body }),
      invalidatesTags: ['EmailTemplates'],
    }),
    emailTemplatesPreview: build.mutation<PreviewEmailResponse, PreviewEmailRequest>({
      query: (body) => ({ url: '/api/admin/email-templates/preview', method: 'POST', body }),
    }),
    emailTemplatesSendTest: build.mutation<SendTestEmailResponse, SendTestEmailRequest>({
      query: (body) => ({ url: '/api/admin/send-test-email', method: 'POST', body }),
    }),
  }),
});

export const { useEmailTemplatesListQuery, useEmailTemplatesSaveMutation, useEmailTemplatesPreviewMutation, useEmailTemplatesSendTestMutation } =
  emailTemplatesApi;
