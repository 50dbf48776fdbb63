"""The API's documentation page, ``/docs`` (Swagger UI), with every asset served by this
server and none from a CDN, so that it works offline: FastAPI's self-hosting recipe, with
the assets shipped by the pinned ``fastapi-offline`` package. Without that package there
is no ``/docs``; the schema at ``/openapi.json`` is always served.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

from fastapi import FastAPI
from fastapi.openapi.docs import get_swagger_ui_html
from fastapi.responses import HTMLResponse
from fastapi.staticfiles import StaticFiles

ASSETS_PACKAGE = "fastapi_offline"
ASSETS_URL = "/docs-assets"
ASSETS = ("swagger-ui-bundle.js", "swagger-ui.css", "favicon.png")


def assets_folder() -> Path | None:
    """The folder of Swagger UI's assets, or ``None`` when their package is not installed."""
    spec = importlib.util.find_spec(ASSETS_PACKAGE)
    if spec is None or spec.origin is None:
        return None
    folder = Path(spec.origin).parent / "static"
    return folder if all((folder / name).is_file() for name in ASSETS) else None


def add_docs(app: FastAPI) -> bool:
    """Serve ``/docs`` and its assets from ``app``; ``False`` when the assets are missing."""
    folder = assets_folder()
    if folder is None or app.openapi_url is None:
        return False
    schema = app.openapi_url
    app.mount(ASSETS_URL, StaticFiles(directory=folder), name="docs-assets")

    async def docs() -> HTMLResponse:
        return get_swagger_ui_html(
            openapi_url=schema,
            title=f"{app.title} · API",
            swagger_js_url=f"{ASSETS_URL}/swagger-ui-bundle.js",
            swagger_css_url=f"{ASSETS_URL}/swagger-ui.css",
            swagger_favicon_url=f"{ASSETS_URL}/favicon.png",
        )

    app.add_api_route("/docs", docs, response_class=HTMLResponse, include_in_schema=False)
    return True
