import { SITE } from '@/config/site';

/** schema.org data for the home page: the organisation, the site with its search template, and the breadcrumb root. */
export function homeStructuredData(origin: string): readonly object[] {
  const home = `${origin}/`;
  return [
    {
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: SITE.name,
      url: home,
      description: 'A UK charity keeping a national register and public map of emergency bleed control kits.',
      contactPoint: {
        '@type': 'ContactPoint',
        contactType: 'customer support',
        areaServed: 'GB',
        availableLanguage: 'English',
        url: `${origin}/contact`,
      },
    },
    {
      '@context': 'https://schema.org',
      '@type': 'WebSite',
      name: SITE.name,
      url: home,
      potentialAction: {
        '@type': 'SearchAction',
        target: { '@type': 'EntryPoint', urlTemplate: `${origin}/?search={search_term_string}` },
        'query-input': 'required name=search_term_string',
      },
    },
    {
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [{ '@type': 'ListItem', position: 1, name: 'Home', item: home }],
    },
  ];
}
