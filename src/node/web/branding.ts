/**
 * The exchange's name, logo and colours (docs/web.md "Branding"): one JSON file the operator writes,
 * checked whole at start (listeners/web-content.ts reads it and its logo), and served to the app as
 * `/branding.json` and `/branding/logo.<ext>`. The colours end up in CSS custom properties, so only
 * `#rgb` and `#rrggbb` pass, under names the app knows.
 */
import {REVALIDATE} from './app-files.js'
import {staticFile, type StaticFile} from './static-file.js'

/** The file's name in the data dir, where a node looks for it without `--branding-file`. */
export const BRANDING_FILE = 'branding.json'
export const BRANDING_PATH = '/branding.json'
export const MAX_LOGO_BYTES = 256 * 1024
const MAX_NAME_LENGTH = 64

/**
 * The colours the app lets an operator set, each a CSS custom property of its stylesheet. Those the
 * file leaves out follow the app's light or dark theme (the person's choice); those it sets apply to both.
 */
export const COLOR_NAMES = ['background', 'surface', 'text', 'textMuted', 'accent', 'accentText', 'buy', 'sell'] as const
export type ColorName = (typeof COLOR_NAMES)[number]
export const DEFAULT_NAME = 'Exchange'

const LOGO_TYPES = ['png', 'svg', 'webp'] as const
export type LogoType = (typeof LOGO_TYPES)[number]

/** What the file says, checked: the logo still to be read, relative to the file's folder. */
export type BrandingSpec = {name: string; logo?: {file: string; type: LogoType}; colors: Partial<Record<ColorName, string>>}

const COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i
const FIELDS = ['name', 'logo', 'colors']

/** The parsed JSON of a branding file, checked; anything else throws an Error whose message names the field. */
export function checkBranding(value: unknown): BrandingSpec {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error('must be a JSON object')
  const given = value as Record<string, unknown>
  const unknown = Object.keys(given).find((key) => !FIELDS.includes(key))
  if (unknown !== undefined) throw new Error(`unknown field ${JSON.stringify(unknown)} (the fields are ${FIELDS.join(', ')})`)
  return {name: nameOf(given['name']), logo: logoOf(given['logo']), colors: colorsOf(given['colors'])}
}

function nameOf(name: unknown): string {
  if (name === undefined) return DEFAULT_NAME
  // Control characters would reach the page's title and the app's text as they are.
  if (typeof name !== 'string' || name.trim() === '' || name.length > MAX_NAME_LENGTH || /[\u0000-\u001f\u007f]/.test(name))
    throw new Error(`name must be text of 1 to ${MAX_NAME_LENGTH} characters, without control characters`)
  return name
}

function logoOf(logo: unknown): BrandingSpec['logo'] {
  if (logo === undefined || logo === null) return undefined
  const type = typeof logo === 'string' ? logo.slice(logo.lastIndexOf('.') + 1).toLowerCase() : ''
  if (typeof logo !== 'string' || !(LOGO_TYPES as readonly string[]).includes(type))
    throw new Error(`logo must be the path of a ${LOGO_TYPES.join(', ')} file, relative to the branding file's folder`)
  return {file: logo, type: type as LogoType}
}

function colorsOf(colors: unknown): Partial<Record<ColorName, string>> {
  if (colors === undefined) return {}
  if (typeof colors !== 'object' || colors === null || Array.isArray(colors))
    throw new Error('colors must be an object of colour names to #rgb or #rrggbb')
  const checked: Partial<Record<ColorName, string>> = {}
  for (const [name, color] of Object.entries(colors)) {
    if (!(COLOR_NAMES as readonly string[]).includes(name))
      throw new Error(`colors: ${JSON.stringify(name)} is not a colour of the app (${COLOR_NAMES.join(', ')})`)
    if (typeof color !== 'string' || !COLOR.test(color))
      throw new Error(`colors.${name} ${JSON.stringify(color)} is not a colour #rgb or #rrggbb`)
    checked[name as ColorName] = color.toLowerCase()
  }
  return checked
}

/** The logo's bytes, checked against its type and size; throws an Error with the reason. */
export function checkLogo(type: LogoType, bytes: Buffer): void {
  if (bytes.length > MAX_LOGO_BYTES) throw new Error(`is larger than ${MAX_LOGO_BYTES / 1024} KiB`)
  if (!LOOKS_LIKE[type](bytes)) throw new Error(`is not a ${type} image`)
}

const LOOKS_LIKE: Record<LogoType, (bytes: Buffer) => boolean> = {
  png: (bytes) => bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  webp: (bytes) => bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP',
  svg: (bytes) => /<svg[\s>]/i.test(bytes.toString('utf8')),
}

/** A branding as the app reads it, checked, with its logo's bytes. */
export type Branding = {name: string; colors: Partial<Record<ColorName, string>>; logo?: {type: LogoType; bytes: Buffer}}

export const DEFAULT_BRANDING: Branding = {name: DEFAULT_NAME, colors: {}}

/**
 * The branding's files by request path: `/branding.json` (`{name, logo_url, colors}`, the colours the
 * operator set) and the logo at `/branding/logo.<type>`, both revalidated on each use.
 */
export function brandingFiles(branding: Branding): Map<string, StaticFile> {
  const logoPath = branding.logo && `/branding/logo.${branding.logo.type}`
  const body = {name: branding.name, logo_url: logoPath ?? null, colors: branding.colors}
  const files = new Map([[BRANDING_PATH, staticFile(BRANDING_PATH, Buffer.from(JSON.stringify(body)), REVALIDATE)]])
  if (branding.logo && logoPath) files.set(logoPath, staticFile(logoPath, branding.logo.bytes, REVALIDATE))
  return files
}
