import { useMemo, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import { SITE } from '@/config/site';
import { PageMeta } from '@/components/page-meta';
import { Hero } from './components/hero';
import { deferred } from '@/components/deferred';
import { homeStructuredData } from './home-structured-data';

/** The FAQ, below the finder: its own chunk (with MUI's accordion), fetched as the page first renders. */
const LazyHomeFaq = deferred(
  () => import('./components/home-faq'),
  (m) => m.HomeFaq,
  'The FAQ',
);

/** Starts fetching the FAQ (the app calls it as it starts on the home page). */
export function preloadHomeParts(): void {
  void LazyHomeFaq.preload();
}

/** `finder` fills the finder slot; the shell passes it in, because web features do not import each other. */
export function HomePage({ finder }: { finder?: ReactNode }) {
  const structuredData = useMemo(() => homeStructuredData(window.location.origin), []);
  return (
    <>
      <PageMeta
        title="Find and Register Emergency Bleed Kits"
        description={`${SITE.name}: find the nearest emergency bleed control kit on the UK's national map, or register a kit so ambulance services and the public can find it.`}
        structuredData={structuredData}
      />
      <Hero />
      {/* The kit counter and the finder panel; without them the slot stays empty and takes no space. */}
      <Box component="section" id="finder" aria-labelledby={finder ? 'finder-title' : undefined}>
        {finder}
      </Box>
      <LazyHomeFaq />
    </>
  );
}
