/**
 * The operator's branding (docs/web.md "Branding"): the exchange's name, logo and colours, from
 * `GET /branding.json`. The colours are `#rgb` / `#rrggbb` (the node validates them, the page checks
 * again) and become CSS custom properties on <html>, over both themes; those the operator did not set
 * follow the theme. The name is the page title and the header's text.
 */
export type Branding = {name: string; logoUrl: string | null; colors: Record<string, string>}

export const DEFAULT_BRANDING: Branding = {name: 'Exchange', logoUrl: null, colors: {}}

const COLOR = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i
/** The operator's colour names (docs/web.md "Branding") and the stylesheet's properties they set. */
const PROPERTIES: Record<string, string> = {
  background: '--bg',
  surface: '--panel',
  text: '--text',
  textMuted: '--muted',
  accent: '--accent',
  accentText: '--accent-text',
  buy: '--buy',
  sell: '--sell',
}

export async function loadBranding(): Promise<Branding> {
  try {
    const response = await fetch('/branding.json', {credentials: 'same-origin'})
    if (!response.ok) return DEFAULT_BRANDING
    const body = (await response.json()) as {name?: unknown; logo_url?: unknown; colors?: unknown}
    const colors: Record<string, string> = {}
    if (body.colors && typeof body.colors === 'object') {
      for (const [name, value] of Object.entries(body.colors as Record<string, unknown>)) {
        if (typeof value === 'string' && COLOR.test(value) && PROPERTIES[name]) colors[name] = value
      }
    }
    return {
      name: typeof body.name === 'string' && body.name.trim() !== '' ? body.name : DEFAULT_BRANDING.name,
      logoUrl: typeof body.logo_url === 'string' && body.logo_url.startsWith('/') ? body.logo_url : null,
      colors,
    }
  } catch {
    return DEFAULT_BRANDING
  }
}

export function applyBranding(branding: Branding): void {
  document.title = branding.name
  for (const [name, value] of Object.entries(branding.colors)) {
    const property = PROPERTIES[name]
    if (property) document.documentElement.style.setProperty(property, value)
  }
}
