import { useEffect } from 'react';

export type PageMetaProps = {
  /** Shown in the browser tab as "<title> | UK Bleed Kit Register". */
  title: string;
  description: string;
  /** JSON-LD objects (schema.org) for search engines; replaced when the page changes. */
  structuredData?: readonly object[];
};

const SITE_NAME = 'UK Bleed Kit Register';
const LD_ID = 'page-structured-data';

/** Sets the document title, meta description and JSON-LD for the current page. Renders nothing. */
export function PageMeta({ title, description, structuredData }: PageMetaProps): null {
  useEffect(() => {
    document.title = `${title} | ${SITE_NAME}`;
    let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.appendChild(meta);
    }
    meta.content = description;
    document.getElementById(LD_ID)?.remove();
    if (structuredData?.length) {
      const script = document.createElement('script');
      script.type = 'application/ld+json';
      script.id = LD_ID;
      script.text = JSON.stringify(structuredData.length === 1 ? structuredData[0] : structuredData);
      document.head.appendChild(script);
    }
  }, [title, description, structuredData]);
  return null;
}
