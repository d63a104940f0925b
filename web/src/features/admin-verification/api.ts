import type {
  VerificationAllReport,
  VerificationOverdueReport,
  VerificationTestEmailPreview,
  VerificationTestEmailSent,
  VerificationUpcomingReport,
} from '@bleedkits/contracts';
import { api } from '@/api/api';

export const adminVerificationApi = api.enhanceEndpoints({ addTagTypes: ['VerificationReports'] }).injectEndpoints({
  endpoints: (build) => ({
    verificationAllReport: build.query<VerificationAllReport, void>({
      query: () => '/api/admin/verification-reports/all',
      providesTags: ['VerificationReports'],
    }),
    verificationOverdueReport: build.query<VerificationOverdueReport, void>({
      query: () => '/api/admin/verification-reports/overdue',
      providesTags: ['VerificationReports'],
    }),
    verificationUpcomingReport: build.query<VerificationUpcomingReport, void>({
      query: () => '/api/admin/verification-reports/upcoming',
      providesTags: ['VerificationReports'],
    }),
    verificationTestEmailPreview: build.mutation<VerificationTestEmailPreview, { email: string }>({
      query: (body) => ({ url: '/api/admin/verification-reports/test-email', method: 'POST', body }),
    }),
    verificationTestEmailSend: build.mutation<VerificationTestEmailSent, { email: string }>({
      query: ({ email }) => ({ url: '/api/admin/verification-reports/test-email', method: 'POST', body: { email, sendReal: true } }),
    }),
  }),
});

export const {
  useVerificationAllReportQuery,
  useVerificationOverdueReportQuery,
  useVerificationUpcomingReportQuery,
  useVerificationTestEmailPreviewMutation,
  useVerificationTestEmailSendMutation,
} = adminVerificationApi;
