"""A QR code as a small SVG for the page (a team's own link, read by a phone from the teacher's
screen or a printed slip): the same code as the sheets print (page.qr_widget), drawn as one path
of dark modules inside the quiet zone the QR standard asks for."""

from __future__ import annotations

from classroom.render.page import QR_QUIET, qr_widget


def qr_svg(address: str, pixels: int = 180) -> str:
    """Return an SVG element, `pixels` across, of the address's QR code."""
    code = qr_widget(address).qr
    code.make()
    modules = code.getModuleCount()
    side = modules + 2 * QR_QUIET
    dark = "".join(f"M{column + QR_QUIET} {row + QR_QUIET}h1v1h-1z"
                   for row in range(modules) for column in range(modules) if code.isDark(row, column))
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{pixels}" height="{pixels}" '
            f'viewBox="0 0 {side} {side}" shape-rendering="crispEdges" role="img" aria-label="QR code">'
            f'<rect width="{side}" height="{side}" fill="#fff"/><path fill="#000" d="{dark}"/></svg>')
