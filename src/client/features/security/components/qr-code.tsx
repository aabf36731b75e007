import QRCode from 'qrcode'
import { useMemo } from 'react'

/** Light modules around the code, as scanners expect (the QR specification's quiet zone). */
const QUIET_ZONE = 4

/**
 * A QR code drawn here, as one SVG path: the setup's key never leaves the browser for an image
 * service. Black on white whatever the theme, since that is what a camera reads best.
 */
export function QrCode({ text, label }: { text: string; label: string }) {
  const { size, path } = useMemo(() => {
    const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' })
    let d = ''
    for (let row = 0; row < modules.size; row += 1) {
      for (let column = 0; column < modules.size; column += 1) {
        if (modules.get(row, column)) d += `M${column + QUIET_ZONE} ${row + QUIET_ZONE}h1v1h-1z`
      }
    }
    return { size: modules.size + 2 * QUIET_ZONE, path: d }
  }, [text])

  return (
    <svg role="img" aria-label={label} viewBox={`0 0 ${size} ${size}`} shapeRendering="crispEdges" className="size-52 rounded-md border">
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  )
}
