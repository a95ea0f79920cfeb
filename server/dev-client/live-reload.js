// npm run dev only. The dev server (server/dev-reload.ts) serves this file at
// /__dev/live-reload.js and adds it to HTML answers as they are sent, never to dist/.
// It follows the dev server's event stream: "reload" after a good rebuild (of this page, when
// the event lists the pages it changed), "error" with
// the content's problems (shown over the last good page), "ok" once they are fixed.
// No inline script or style anywhere: pages keep production's Content-Security-Policy,
// which allows this file, its stylesheet and the stream because they come from 'self'.
(() => {
  'use strict';

  const OVERLAY_ID = '__dev-overlay';
  // The build this page came from: a page older than what the dev server serves reloads.
  let pageBuild = new URL(document.currentScript.src).searchParams.get('build');
  // The stream's first event says whether a build served since this page's own changed it.
  const events = new EventSource(
    `/__dev/events?build=${encodeURIComponent(pageBuild)}&path=${encodeURIComponent(location.pathname)}`,
  );
  let reloading = false;

  const reload = () => {
    if (reloading) return;
    reloading = true;
    events.close();
    location.reload();
  };
  // A page that builds since its own left unchanged is that build's page as it is.
  const follow = ({ build, current }) => {
    if (build === pageBuild) return;
    if (current) pageBuild = build;
    else reload();
  };

  const element = (name, className, text) => {
    const node = document.createElement(name);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  };

  const hide = () => document.getElementById(OVERLAY_ID)?.remove();

  const show = ({ message, problems }) => {
    hide();
    const host = element('div');
    host.id = OVERLAY_ID;
    // A shadow root keeps the site's styles off the overlay and the overlay's off the site.
    const root = host.attachShadow({ mode: 'open' });
    const stylesheet = element('link');
    stylesheet.rel = 'stylesheet';
    stylesheet.href = '/__dev/overlay.css';
    const panel = element('section', 'panel');
    panel.setAttribute('role', 'alertdialog');
    panel.setAttribute('aria-labelledby', 'dev-overlay-title');
    // Shown once styled, so the overlay never flashes as unstyled text.
    panel.hidden = true;
    stylesheet.addEventListener('load', () => (panel.hidden = false));
    stylesheet.addEventListener('error', () => (panel.hidden = false));

    const count = problems.length;
    const title = element(
      'h2',
      'title',
      count ? `The content has ${count} problem${count === 1 ? '' : 's'}` : 'The build failed',
    );
    title.id = 'dev-overlay-title';
    panel.append(
      title,
      element(
        'p',
        'note',
        'You are looking at the last good build. Fix the files and save: this page updates by itself.',
      ),
    );
    if (count) {
      const list = element('ul', 'problems');
      for (const p of problems) {
        const item = element('li');
        item.append(
          element('code', 'where', `${p.file}:${p.line}`),
          ' ',
          element('strong', 'field', p.field),
          ': ',
          p.what,
        );
        item.append(element('div', 'fix', `\u2192 ${p.fix}`));
        list.append(item);
      }
      panel.append(list);
    } else {
      panel.append(element('pre', 'message', message));
    }
    const close = element('button', 'close', 'Hide');
    close.type = 'button';
    close.addEventListener('click', hide);
    panel.append(close);
    root.append(stylesheet, panel);
    document.body.append(host);
  };

  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') hide();
  });
  events.addEventListener('reload', (event) => {
    const { build, pages } = JSON.parse(event.data);
    if (build === pageBuild) return;
    // A build that lists the pages it changed leaves the others alone: as they are, they are that build's.
    if (!pages || pages.includes(location.pathname)) reload();
    else pageBuild = build;
  });
  events.addEventListener('ok', (event) => {
    hide();
    follow(JSON.parse(event.data));
  });
  events.addEventListener('error', (event) => {
    // A dropped connection is an "error" event too, without data; EventSource reconnects by itself.
    if (!(event instanceof MessageEvent)) return;
    const state = JSON.parse(event.data);
    show(state);
    follow(state);
  });
})();
