import { CUSTODIAN_STOP_API_PATH, type StopCustodianMailRequest, type StopCustodianMailResponse } from '@bleedkits/contracts';
import { api } from '@/api/api';

export const stopEmailsApi = api.injectEndpoints({
  endpoints: (build) => ({
    stopCustodianMail: build.mutation<StopCustodianMailResponse, StopCustodianMailRequest>({
      query: (body) => ({ url: CUSTODIAN_STOP_API_PATH, method: 'POST', body }),
    }),
  }),
});

export const { useStopCustodianMailMutation } = stopEmailsApi;
