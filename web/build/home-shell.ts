import { createHash } from 'node:crypto';
import { createServer, type AliasOptions, type Plugin } from 'vite';

/** Where index.html takes the shell: inside #root, which the app clears when it starts. */
export const HOME_SHELL_MARK = '<!--home-shell-->';
const SHELL_ID = 'home-shell';
/** Set on <html> by the shell's script on / only: the shell shows on the home page and nowhere else. */
const ON_HOME = 'home-shell-shown';
const SHOW_ON_HOME = `document.documentElement.classList.toggle(${JSON.stringify(ON_HOME)}, location.pathname === '/');\n`;
const SCRIPT_FILE = `assets/home-shell-${createHash('sha256').update(SHOW_ON_HOME).digest('base64url').slice(0, 8)}.js`;

/**
 * The home page's first paint without waiting for the scripts (issue 26: Largest Contentful Paint on a slow phone).
 * At build time this renders src/app/home-shell.tsx (the header and hero, by the app's own components and theme, with
 * their styles inline) into index.html at HOME_SHELL_MARK, hidden by default. A one-line script, its own small file
 * (the site's Content-Security-Policy allows no inline script) loaded before anything else, shows it when the address
 * is / (index.html answers every address). The app then replaces it with the same elements in the same places.
 */
export function homeShell(alias: AliasOptions): Plugin {
  let root = '';
  return {
    name: 'bleedkits-home-shell',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    transformIndexHtml: {
      order: 'post',
      async handler(html) {
        if (!html.includes(HOME_SHELL_MARK)) return html;
        const markup = await renderShell(root, alias);
        return html
          .replace(HOME_SHELL_MARK, `<div id="${SHELL_ID}">${markup}</div>`)
          .replace(
            '</title>',
            `</title>\n    <style>#${SHELL_ID}{display:none}.${ON_HOME} #${SHELL_ID}{display:block}</style>\n    <script src="/${SCRIPT_FILE}"></script>`,
          );
      },
    },
    generateBundle() {
      // Named in the build manifest too (home-shell.js), with every other script of the build.
      this.emitFile({ type: 'asset', fileName: SCRIPT_FILE, name: 'home-shell.js', originalFileName: 'home-shell.js', source: SHOW_ON_HOME });
    },
  };
}

/** renderHomeShell() from the app's source, loaded by a short-lived Vite server in SSR mode (Node, no browser). */
async function renderShell(root: string, alias: AliasOptions): Promise<string> {
  const server = await createServer({
    configFile: false,
    root,
    mode: 'production',
    logLevel: 'error',
    appType: 'custom',
    resolve: { alias },
    server: { middlewareMode: true, hmr: false, ws: false, watch: null },
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  try {
    const shell = (await server.ssrLoadModule('/src/app/home-shell.tsx')) as { renderHomeShell: () => string };
    return shell.renderHomeShell();
  } finally {
    await server.close();
  }
}
