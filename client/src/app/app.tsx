import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense } from 'react';
import { unstable_HistoryRouter as HistoryRouter } from 'react-router-dom';
import { LoadingScreen } from '../components/loading-screen';
import { queryClient } from '../lib/api/query-client';
import { appHistory } from '../lib/routing/app-history';
import { AppRoutes } from './router';

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <HistoryRouter history={appHistory}>
        {/* A translation file or a screen's chunk still loading on arrival suspends rendering for a moment. */}
        <Suspense fallback={<LoadingScreen />}>
          <AppRoutes />
        </Suspense>
      </HistoryRouter>
    </QueryClientProvider>
  );
}
