import { useMemo } from 'react';
import Box from '@mui/material/Box';
import { SITE } from '@bleedkits/contracts';
import { PageMeta } from '../../components/page-meta';
import { Hero } from './components/hero';
import { HomeFaq } from './components/home-faq';
import { homeStructuredData } from './home-structured-data';

export function HomePage() {
  const structuredData = useMemo(() => homeStructuredData(window.location.origin), []);
  return (
    <>
      <PageMeta
        title="Find and Register Emergency Bleed Kits"
        description={`${SITE.name}: find the nearest emergency bleed control kit on the UK's national map, or register a kit so ambulance services and the public can find it.`}
        structuredData={structuredData}
      />
      <Hero />
      {/* The finder panel and the kit counter mount here; until then the slot stays empty and takes no space. */}
      <Box component="section" id="finder" />
      <HomeFaq />
    </>
  );
}
