/**
 * Satchel demo: skill Markdown rendered with `marked` and sanitised with DOMPurify. Skills are untrusted: nothing
 * they carry may run script, submit a form or load remote content (the page's CSP blocks it too, as a second wall).
 */
import DOMPurify from 'dompurify';
import { Marked } from 'marked';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

// Raw HTML in a skill is shown as text, never parsed: even an inert parse makes Chromium try `onerror` handlers
// (blocked by the CSP, but logged). Markdown images become their alt text unless they are inline data images.
const marked = new Marked({
  gfm: true,
  async: false,
  renderer: {
    html: ({ text }) => escapeHtml(text),
    image: ({ href, text }) => (href.startsWith('data:image/') ? `<img src="${escapeHtml(href)}" alt="${escapeHtml(text)}">` : escapeHtml(text)),
  },
});

// Only links with these schemes survive; anything else (javascript:, data:, vbscript:) loses its href.
const SAFE_LINK = /^(https?:|mailto:|#)/i;

const purifier = DOMPurify(window);
purifier.addHook('afterSanitizeAttributes', (node) => {
  if (node instanceof HTMLImageElement) {
    // Remote images would leak that the skill was viewed; relative ones point at nothing in this page.
    const src = node.getAttribute('src') ?? '';
    if (!src.startsWith('data:image/')) node.removeAttribute('src');
    node.removeAttribute('srcset');
  }
  if (node instanceof HTMLAnchorElement) {
    const href = node.getAttribute('href') ?? '';
    if (!SAFE_LINK.test(href)) node.removeAttribute('href');
    node.setAttribute('rel', 'noopener noreferrer nofollow');
    node.setAttribute('target', '_blank');
  }
});

const PURIFY_OPTIONS = {
  FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe', 'object', 'embed', 'link', 'meta', 'base'],
  FORBID_ATTR: ['style', 'srcset', 'action', 'formaction', 'background'],
  ALLOW_DATA_ATTR: false,
};

/** Safe HTML for a skill's Markdown: parsed by marked, then sanitised. */
export function renderMarkdown(markdown: string): DocumentFragment {
  const html = marked.parse(markdown) as string;
  return purifier.sanitize(html, { ...PURIFY_OPTIONS, RETURN_DOM_FRAGMENT: true });
}

/** Replaces `target`'s content with the rendered Markdown. */
export function showMarkdown(target: Element, markdown: string): void {
  target.replaceChildren(renderMarkdown(markdown));
}
