/**
 * A QR code drawn in the page as SVG (the `qrcode` package computes the modules; nothing is fetched
 * and nothing is inserted as markup): dark modules on a white square with the quiet zone the standard
 * asks for, in both themes, since scanners read dark on light. `label` is its accessible name.
 */
import {create} from 'qrcode'
import {useMemo} from 'preact/hooks'

/** Modules of white around the code (the standard's quiet zone). */
const QUIET = 4

export function QrCode({text, label, size = 176}: {text: string; label: string; size?: number}) {
  const {side, path} = useMemo(() => {
    const {modules} = create(text, {errorCorrectionLevel: 'M'})
    let d = ''
    for (let row = 0; row < modules.size; row++) {
      for (let col = 0; col < modules.size; col++) {
        if (modules.data[row * modules.size + col]) d += `M${col + QUIET} ${row + QUIET}h1v1h-1z`
      }
    }
    return {side: modules.size + 2 * QUIET, path: d}
  }, [text])
  return (
    <svg
      class="qr-code"
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`0 0 ${side} ${side}`}
      shape-rendering="crispEdges"
    >
      <rect width={side} height={side} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  )
}
