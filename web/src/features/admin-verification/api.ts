import type {
  VerificationAllReport,
  VerificationOverdueReport,
  VerificationReminderRun,
  VerificationReminderRunAccepted,
  VerificationReminderRunPage,
  VerificationTestEmailPreview,
  VerificationTestEmailSent,
  VerificationUpcomingReport,
} from '@bleedkits/contracts';
import { api } from '@/api/api';

/** A page of a report: `page` from 1, `limit` kits (the API's default 50, at most 500). */
export type ReportPageArgs = { page: number; limit: number };
const reportUrl = (name: string, { page, limit }: ReportPageArgs) => `/api/admin/verification-reports/${name}?page=${page}&limit=${limit}`;

export const adminVerificationApi = api.enhanceEndpoints({ addTagTypes: ['VerificationReports', 'ReminderRuns'] }).injectEndpoints({
  endpoints: (build) => ({
    verificationAllReport: build.query<VerificationAllReport, ReportPageArgs>({
      query: (args) => reportUrl('all', args),
      providesTags: ['VerificationReports'],
    }),
    verificationOverdueReport: build.query<VerificationOverdueReport, ReportPageArgs>({
      query: (args) => reportUrl('overdue', args),
      providesTags: ['VerificationReports'],
    }),
    verificationUpcomingReport: build.query<VerificationUpcomingReport, ReportPageArgs>({
      query: (args) => reportUrl('upcoming', args),
      providesTags: ['VerificationReports'],
    }),
    verificationTestEmailPreview: build.mutation<VerificationTestEmailPreview, { email: string }>({
      query: (body) => ({ url: '/api/admin/verification-reports/test-email', method: 'POST', body }),
    }),
    verificationTestEmailSend: build.mutation<VerificationTestEmailSent, { email: string }>({
      query: ({ email }) => ({ url: '/api/admin/verification-reports/test-email', method: 'POST', body: { email, sendReal: true } }),
    }),
    reminderRuns: build.query<VerificationReminderRunPage, number>({
      query: (page) => `/api/admin/verification-reminders/runs?page=${page}`,
      providesTags: ['ReminderRuns'],
    }),
    reminderRun: build.query<VerificationReminderRun, string>({
      query: (runId) => `/api/admin/verification-reminders/runs/${encodeURIComponent(runId)}`,
    }),
    startReminderRun: build.mutation<VerificationReminderRunAccepted, void>({
      query: () => ({ url: '/api/admin/verification-reminders/run', method: 'POST', body: {} }),
      invalidatesTags: ['ReminderRuns'],
    }),
  }),
});

export const {
  useVerificationAllReportQuery,
  useVerificationOverdueReportQuery,
  useVerificationUpcomingReportQuery,
  useVerificationTestEmailPreviewMutation,
  useVerificationTestEmailSendMutation,
  useReminderRunsQuery,
  useReminderRunQuery,
  useStartReminderRunMutation,
} = adminVerificationApi;
