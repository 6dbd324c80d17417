import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));
const server = 'http://127.0.0.1:8080';

// With the trailing slash: a bare '/p' prefix would also send /payBill and /PassportLoading to the server.
const proxy = { '/p/': server, '/api/': server, '/uploads/': server };

/**
 * Vendor groups for the first screen. Libraries every screen needs share one long-cached chunk; anything a
 * route pulls in later (charts, heavy antd-mobile parts) stays in that route's own lazy chunk.
 */
const vendorGroups: {
  name: string;
  test: RegExp | ((id: string) => boolean);
  includeDependenciesRecursively?: boolean;
}[] = [
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
  // The form parts of the login screen, antd-mobile's and ours, in one file instead of nine small ones that other
  // screens split differently. Only these modules: their dependencies stay where they are (the first screen's
  // antd-mobile core), as none of them runs anything on load.
  {
    name: 'form',
    test: /packages[\\/]web[\\/]src[\\/]components[\\/]form[\\/](field|use-form|form-submit|input-field)\.tsx?$|node_modules[\\/](antd-mobile[\\/]es[\\/](components[\\/](list|input)[\\/]|utils[\\/](use-props-value|is-node-with-content)\.)|antd-mobile-icons[\\/]es[\\/]CloseCircleFill\.|ahooks[\\/]es[\\/](useMemoizedFn|useUpdate)[\\/])/,
    includeDependenciesRecursively: false,
  },
  // What both pages load at start, the console and the customer page (buy.html): the language rule, the cookie
  // and dictionary helpers and Vite's preload helper (lazy imports). Left in the shell group, they would make the
  // customer page load the console's shell, i18next and react-query; here they are one small file both share.
  {
    name: 'common',
    test: /packages[\\/](web[\\/]src[\\/](lib[\\/]cookies|i18n[\\/]catalog)|contract[\\/]src[\\/](locales|money))\.tsx?$|preload-helper|modulepreload-polyfill|rolldown[\\/]runtime/,
    includeDependenciesRecursively: false,
  },
  // The dashboard's sales tab as it first paints (issue 13): the analytics screens' shared parts and texts, and the
  // small parts most screens share (list states, tabs, download button, antd-mobile's and ahooks' helpers), each a
  // file of its own before: two files instead of some twenty on a phone's few connections. Only these modules;
  // none of them is on the first screen of /login or /, nor of the customer page (bench:web counts all three:
  // the contract's money helpers, which buy.html shares, and antd-mobile's attach-properties, which home's Grid
  // imports, stay out of them).
  {
    name: 'analytics',
    test: /packages[\\/]web[\\/]src[\\/](features[\\/]analytics[\\/](components[\\/](analysis-overview|figure-grid|stats-state|use-url-range|section-head|series-chart|chart|use-page-param|analytics)|utils[\\/](buckets|series-data|paging))|i18n[\\/]resources[\\/]analytics)\.(tsx?|css)$/,
    includeDependenciesRecursively: false,
  },
  {
    name: 'screen-kit',
    test: /packages[\\/]web[\\/]src[\\/](components[\\/](list-state[\\/]list-state|tabs[\\/]tabs|dialog[\\/]load-dialogs|empty-guide[\\/]expired-app-guide|report-download[\\/]report-download)|lib[\\/]lazy-component|i18n[\\/]resources[\\/]report)\.(tsx?|css)$|node_modules[\\/](lodash[\\/]|ahooks[\\/]es[\\/](useIsomorphicLayoutEffect|utils|useUnmount|useLatest|createUpdateEffect)[\\/]|antd-mobile[\\/]es[\\/]utils[\\/](bound|use-isomorphic-update-layout-effect)\.|antd-mobile-icons[\\/]es[\\/]DownlandOutline\.)/,
    includeDependenciesRecursively: false,
  },
  // The login screen in one file with its frame, password input and texts (four files before), which the other
  // sign-in screens share.
  {
    name: 'auth',
    // Not what the console's start imports (finish-login): that stays in the start's file.
    test: (id: string) =>
      !ownStartModule(id) &&
      /packages[\\/]web[\\/]src[\\/](features[\\/]auth[\\/](components[\\/]login-screen|api[\\/]login)|components[\\/](auth-frame[\\/](auth-frame|language-popover)|form[\\/]password-input)|i18n[\\/]resources[\\/]auth|lib[\\/](recent-accounts|finish-login))\.(tsx?|css)$|node_modules[\\/]antd-mobile-icons[\\/]es[\\/](EyeOutline|EyeInvisibleOutline|GlobalOutline)\./.test(
        id,
      ),
    includeDependenciesRecursively: false,
  },
  // The console's start in one file: the router, i18next, react-query, the shell and what index.html's entry
  // imports statically (consoleStart), with the shell's own modules that only screens import (they would be a
  // dozen small files). Not the entry module itself, nor what the customer page shares (the groups above).
  {
    name: 'start',
    test: (id: string) =>
      ownStartModule(id) ||
      /node_modules[\\/](react-router|cookie|set-cookie-parser|i18next|react-i18next|html-parse-stringify|void-elements|@tanstack|use-sync-external-store|tslib|classnames)[\\/]|node_modules[\\/]antd-mobile[\\/]es[\\/](index\.|global[\\/]|utils[\\/](can-use-dom|native-props|with-default-props|validate|attach-properties-to-component|to-css-length)\.|components[\\/](button|dot-loading|config-provider|grid)[\\/])|node_modules[\\/]antd-mobile-icons[\\/]es[\\/](RightOutline|LeftOutline|LockOutline|UnorderedListOutline|ExclamationCircleOutline)\.|node_modules[\\/](rc-util[\\/]lib[\\/]warning|antd-mobile[\\/]es[\\/](locales[\\/]zh-CN|utils[\\/]unstable-render))\.|packages[\\/]web[\\/]src[\\/]components[\\/]detail-list[\\/]|packages[\\/](web[\\/]src[\\/](lib[\\/](storage|session|agent|api-client|load-chunk|user-info|browser|app-config|query-client|account-calls|notify)|i18n[\\/](i18n|namespaces|resources[\\/](common|routes)))|contract[\\/]src[\\/]constants)\.tsx?$/.test(
        id,
      ),
    includeDependenciesRecursively: false,
  },
];

/**
 * The modules index.html's entry imports statically and the customer page's (buy.html) does not: the console's
 * start, filled from the module graph when the build has parsed it (firstScreenGraph), before chunking.
 */
const consoleStart = new Set<string>();

/**
 * The app's own modules of the console's start. A library's are left to the groups' lists: the module graph has
 * all of a package's modules behind its index (antd-mobile's, its icons'), not the few the build keeps.
 */
const ownStartModule = (id: string) => consoleStart.has(id) && !/node_modules/.test(id);

/**
 * Fills consoleStart. Left to the automatic chunking, these modules became some fifteen files (every module a
 * lazy screen imports too got a file of its own), on a phone's six connections to one origin: index.html's scripts
 * took three or four round trips instead of one (docs/web-performance.md, step 5).
 */
function firstScreenGraph(): Plugin {
  return {
    name: 'vendo-first-screen-graph',
    apply: 'build',
    buildEnd() {
      consoleStart.clear();
      const closure = (entry: string) => {
        const seen = new Set<string>();
        const visit = (id: string) => {
          if (seen.has(id)) return;
          seen.add(id);
          this.getModuleInfo(id)?.importedIds.forEach(visit);
        };
        visit(entry);
        return seen;
      };
      const entries = [...this.getModuleIds()].filter((id) => this.getModuleInfo(id)?.isEntry);
      const consoleEntry = entries.find((id) => /[\\/]index\.html$/.test(id));
      if (!consoleEntry) return;
      const customer = new Set(entries.filter((id) => id !== consoleEntry).flatMap((id) => [...closure(id)]));
      // The entry's own module (main.tsx) stays in the entry's chunk.
      const own = new Set([consoleEntry, ...(this.getModuleInfo(consoleEntry)?.importedIds ?? [])]);
      for (const id of closure(consoleEntry)) if (!customer.has(id) && !own.has(id)) consoleStart.add(id);
    },
  };
}

/** The entry's script and every script it imports statically: what index.html has loaded before anything lazy. */
const loadedByIndex = new Set<string>();

/** Fills loadedByIndex from the bundle, before Vite writes each lazy import's preload list (modulePreload below). */
function scriptsOfIndex(): Plugin {
  return {
    name: 'vendo-scripts-of-index',
    apply: 'build',
    generateBundle(_options, bundle) {
      loadedByIndex.clear();
      const visit = (fileName: string) => {
        const chunk = bundle[fileName];
        if (loadedByIndex.has(fileName) || chunk?.type !== 'chunk') return;
        loadedByIndex.add(fileName);
        chunk.imports.forEach(visit);
      };
      // The console's entry only: the customer page's (buy) is another page, whose scripts index.html never loads.
      for (const chunk of Object.values(bundle))
        if (chunk.type === 'chunk' && chunk.isEntry && chunk.name === 'index') visit(chunk.fileName);
    },
  };
}

/**
 * Writes .gz and .br beside every text asset, so a static server (@fastify/static with preCompressed) sends
 * the compressed file without compressing on each request. The first-screen budget is counted in gzip bytes;
 * this is what makes the phone download that much and no more.
 */
function precompress(): Plugin {
  const gzipAsync = promisify(gzip);
  const brotliAsync = promisify(brotliCompress);
  let outDir = '';
  return {
    name: 'vendo-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = await readdir(outDir, { recursive: true });
      await Promise.all(
        files
          .filter((file) => /\.(js|css|html|svg|json)$/.test(file))
          .map(async (file) => {
            const full = path.join(outDir, file);
            const content = await readFile(full);
            if (content.length < 1024) return;
            await writeFile(`${full}.gz`, await gzipAsync(content, { level: 9 }));
            await writeFile(
              `${full}.br`,
              await brotliAsync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
            );
          }),
      );
    },
  };
}

/**
 * The first screen's stylesheets load without blocking the first paint: index.html styles its own start-up
 * screen inline, and the app renders under it only after its JavaScript has run and turned the preloads into
 * stylesheets (src/lib/preloaded-styles.ts; no inline onload handler, which the content security policy refuses).
 * A style preload is fetched at the highest priority, as if it blocked the first paint (and Lighthouse counts it
 * so: a first paint 0.6–1.2 s later, by whether a stylesheet ended before the start-up screen painted); these are
 * needed with the scripts, and `fetchpriority="low"` gives them the scripts' priority (Chrome's "High").
 */
function nonBlockingStyles(): Plugin {
  return {
    name: 'vendo-non-blocking-styles',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      // The console's only: the customer page (buy.html) has no boot screen, and its small stylesheet blocks.
      handler: (html, context) =>
        !context.path.endsWith('/index.html')
          ? html
          : html.replace(
              /<link rel="stylesheet"( crossorigin)? href="([^"]+)">/g,
              (_, crossorigin: string | undefined, href: string) =>
                `<link rel="preload" as="style" fetchpriority="low"${crossorigin ?? ''} href="${href}">` +
                `<noscript><link rel="stylesheet"${crossorigin ?? ''} href="${href}"></noscript>`,
            ),
    },
  };
}

export default defineConfig({
  root,
  plugins: [react(), nonBlockingStyles(), firstScreenGraph(), scriptsOfIndex(), precompress()],
  resolve: {
    // antd-mobile's legacy renderer, dead under React 19: see src/lib/antd-legacy-render.ts.
    alias: [
      {
        find: /^rc-util\/lib\/React\/render$/,
        replacement: path.join(root, 'src/lib/antd-legacy-render.ts'),
      },
    ],
  },
  server: {
    host: '127.0.0.1',
    port: 5173,
    proxy,
  },
  preview: {
    proxy,
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2020',
    cssCodeSplit: true,
    modulePreload: {
      // A lazy import's preload list leaves out the scripts index.html has loaded before anything lazy runs (the
      // entry and its static imports): preloading them again does nothing, and each chunk that imports screens
      // lazily carried their names (1.4 KB of gzip in the device list's). Stylesheets stay listed, since the list
      // is also what loads a chunk's CSS; index.html keeps all of its own.
      resolveDependencies: (_file, deps, { hostType }) =>
        hostType === 'html' ? deps : deps.filter((dep) => !loadedByIndex.has(dep)),
    },
    rolldownOptions: {
      // Two pages: the merchant console and the customer's purchase page (decision 029).
      input: { index: path.join(root, 'index.html'), buy: path.join(root, 'buy.html') },
      output: {
        codeSplitting: {
          groups: vendorGroups.map((g) => ({ ...g, priority: 10 })),
        },
      },
    },
  },
});
