import { configureStore } from '@reduxjs/toolkit';
import { api } from '@/api/api';

/** A factory so each test gets a fresh store; the app creates one in main.tsx. */
export function makeStore() {
  return configureStore({
    reducer: { [api.reducerPath]: api.reducer },
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
}

export type AppStore = ReturnType<typeof makeStore>;
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];
