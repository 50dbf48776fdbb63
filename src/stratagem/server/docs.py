"""The API's documentation page, ``/docs`` (Swagger UI), with every asset served by this
server and none from a CDN, so that it works offline: FastAPI's self-hosting recipe, with
the assets shipped by the pinned ``fastapi-offline`` package. Without that package there
is no ``/docs``; the schema at ``/openapi.json`` is always served.
"""

from __future__ import annotations

import base64
import hashlib
import importlib.util
import re
from pathlib import Path

from fastapi import FastAPI
from fastapi.openapi.docs import get_swagger_ui_html
from fastapi.responses import HTMLResponse
from fastapi.staticfiles import StaticFiles

from stratagem.server.guards import CONTENT_SECURITY_POLICY

ASSETS_PACKAGE = "fastapi_offline"
ASSETS_URL = "/docs-assets"
ASSETS = ("swagger-ui-bundle.js", "swagger-ui.css", "favicon.png")
INLINE_SCRIPT = re.compile(r"<script>(.*?)</script>", re.DOTALL)


def assets_folder() -> Path | None:
    """The folder of Swagger UI's assets, or ``None`` when their package is not installed."""
    spec = importlib.util.find_spec(ASSETS_PACKAGE)
    if spec is None or spec.origin is None:
        return None
    folder = Path(spec.origin).parent / "static"
    return folder if all((folder / name).is_file() for name in ASSETS) else None


def docs_policy(html: str) -> str:
    """The table's Content-Security-Policy, letting the inline scripts of ``html`` (by
    their hashes) and Swagger UI's inline styles run."""
    hashes = " ".join(
        "'sha256-" + base64.b64encode(hashlib.sha256(script.encode()).digest()).decode() + "'"
        for script in INLINE_SCRIPT.findall(html)
    )
    return CONTENT_SECURITY_POLICY.replace(
        "script-src 'self'", f"script-src 'self' {hashes}"
    ).replace("style-src 'self'", "style-src 'self' 'unsafe-inline'")


def add_docs(app: FastAPI) -> bool:
    """Serve ``/docs`` and its assets from ``app``; ``False`` when the assets are missing."""
    folder = assets_folder()
    if folder is None or app.openapi_url is None:
        return False
    schema = app.openapi_url
    app.mount(ASSETS_URL, StaticFiles(directory=folder), name="docs-assets")

    page = get_swagger_ui_html(
        openapi_url=schema,
        title=f"{app.title} · API",
        swagger_js_url=f"{ASSETS_URL}/swagger-ui-bundle.js",
        swagger_css_url=f"{ASSETS_URL}/swagger-ui.css",
        swagger_favicon_url=f"{ASSETS_URL}/favicon.png",
    )
    policy = docs_policy(bytes(page.body).decode("utf-8"))

    async def docs() -> HTMLResponse:
        return HTMLResponse(page.body, headers={"Content-Security-Policy": policy})

    app.add_api_route("/docs", docs, response_class=HTMLResponse, include_in_schema=False)
    return True
