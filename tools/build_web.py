"""Build the browser version into ``dist/web/``: a static site that needs nothing at run time.

    .venv/bin/python tools/build_web.py            # what `make web` runs (after `npm ci`)
    .venv/bin/python tools/build_web.py --out DIR  # somewhere else (the browser tests do)

What goes in, and why:

* ``canfield-<version>-py3-none-any.whl``: the engine, solver, descriptions and the
  presentation and bridge packages, pure Python from ``src/`` — no C core (Pyodide
  cannot load it), no Qt app, no SQLite storage, no command line (nor the survey's
  files, Dask cluster, report and plots). Its message
  catalogs are compiled to ``.mo`` here, so the browser needs no Babel.
* ``pyodide/``: CPython for WebAssembly, copied from the npm package that
  ``package-lock.json`` pins, so nothing is fetched from a CDN. Its standard
  library is trimmed to the modules the game loads: the wheel is run once under
  Pyodide in Node through every op of the session (``tools/web_workload.py``),
  and the zip keeps what that imported, every standard module the package's
  source names, and the codecs (``--full-stdlib`` keeps all of it).
* Bytecode instead of source: Pyodide ships its standard library as ``.py``
  and compiles every module it imports on every start. The build compiles the
  wheel's modules, and the standard modules the game imports beyond what
  Pyodide's own start loads (with the trimmed library only), once, with the
  very Pyodide it ships (in Node, so the ``.pyc`` magic is that
  interpreter's), as unchecked-hash ``.pyc`` files (PEP 552) in place of the
  sources, without the modules' and functions' docstrings (nothing reads them;
  41 KiB of the gzipped download; classes keep theirs and the asserts stay).
  Pyodide's own start modules stay source: their bytecode would add
  0.8 MiB gzipped to the download for a start the bare-Pyodide anchor of
  ``benchmarks/bench_web.py`` shares (``--source`` ships every file as source).
* ``pyodide-lock.json`` without its package list: the game loads no package.
* ``search-core.wasm``: the solver's compiled search (``_core.c``, unchanged)
  as plain WebAssembly, by clang for wasm32 with a stand-in ``Python.h``
  (``web/wasm``); the worker puts it where the C extension would be
  (``canfield.web.wasm_core``), about 60 times the pure-Python search's speed
  under Pyodide (``benchmarks/bench_wasm_core.py``). Without clang the build
  says so in one line and the page runs the pure-Python search.
* ``app/``: the page and its Web Worker, compiled from ``web/src`` by ``tsc``.
* ``manifest.webmanifest`` and ``icons/`` (PNG made from the desktop SVG icon),
  so a phone can install the page; ``sw.js``, a service worker that precaches
  every file under a version named by their contents, so the page works offline.
* ``boot.json``: the few texts the splash shows before Python runs, taken from
  the catalogs (the page never writes a sentence of its own).
* The page's config names a ``snapshot`` key: a digest of Pyodide's files and the
  wheel. A worker that starts without a memory snapshot of that key takes one just
  after importing the game and keeps it in the browser (Cache Storage); the next start
  restores it instead of starting CPython and importing again. Nothing of it is
  downloaded (``web/src/worker/snapshot.ts``).
"""

from __future__ import annotations

import argparse
import base64
import gzip
import hashlib
import io
import json
import os
import re
import shutil
import subprocess
import sys
import zipfile
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any, Final

ROOT: Final = Path(__file__).resolve().parent.parent
SOURCE: Final = ROOT / "src" / "canfield"
WEB: Final = ROOT / "web"
NODE_MODULES: Final = ROOT / "node_modules"
PYODIDE_FILES: Final = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
APP_ID: Final = "io.github.canfield.Canfield"
ICON_SIZES: Final = (192, 512)
LANGUAGES: Final = ("en", "pt", "hu", "id")

# What the browser does not need from src/canfield (see the module docstring).
_SKIP_PACKAGES: Final = ("gui", "cli", "storage")
_SKIP_FILES: Final = (
    "__main__.py",  # runs the command line
    "solver/survey.py",  # files and fcntl locks
    "solver/survey_dask.py",  # a Dask cluster
    "solver/survey_plot.py",  # matplotlib, for the command line's survey
    "solver/survey_stats.py",  # the survey's report, the command line's
    "solver/bottoms.py",  # P12/R2, for the atlas's hardest deals: past the first visit's 5 MiB
    "solver/layered.py",  # P13, the same: a prover for long solves
    "solver/_core.c",
)
_ZIP_TIME: Final = (2026, 1, 1, 0, 0, 0)
"""One timestamp for every zip entry, so the same sources make the same wheel."""


class BuildError(Exception):
    """Something the build needs is missing; printed as one line."""


def version() -> str:
    namespace: dict[str, object] = {}
    init = (SOURCE / "__init__.py").read_text(encoding="utf-8")
    line = next(x for x in init.splitlines() if x.startswith("__version__"))
    exec(line, namespace)
    return str(namespace["__version__"])


def _wheel_sources() -> Iterator[tuple[str, Path]]:
    """(name inside the wheel, file) for every Python and data file the browser needs."""
    for path in sorted(SOURCE.rglob("*")):
        if not path.is_file() or "__pycache__" in path.parts:
            continue
        relative = path.relative_to(SOURCE).as_posix()
        top = relative.split("/", 1)[0]
        if top in _SKIP_PACKAGES or relative in _SKIP_FILES:
            continue
        if path.suffix not in (".py", ".html", ".txt") and path.name != "py.typed":
            continue  # .po are compiled below; .so and stray files stay out
        yield f"canfield/{relative}", path


def compile_catalogs() -> dict[str, bytes]:
    """Each ``.po`` catalog compiled to ``.mo`` bytes (by Babel, here, once)."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    compiled = {}
    for lang in LANGUAGES:
        po = SOURCE / "locale" / lang / "LC_MESSAGES" / "canfield.po"
        with po.open("rb") as handle:
            catalog = read_po(handle, locale=lang, domain="canfield")
        buffer = io.BytesIO()
        write_mo(buffer, catalog)
        compiled[f"canfield/locale/{lang}/LC_MESSAGES/canfield.mo"] = buffer.getvalue()
    return compiled


def _record_hash(data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"sha256={digest},{len(data)}"


def build_wheel(out_dir: Path) -> Path:
    """The pure-Python wheel of canfield for Pyodide; returns its path."""
    ver = version()
    info = f"canfield-{ver}.dist-info"
    files: dict[str, bytes] = {name: path.read_bytes() for name, path in _wheel_sources()}
    files.update(compile_catalogs())
    files[f"{info}/METADATA"] = (
        f"Metadata-Version: 2.1\nName: canfield\nVersion: {ver}\n"
        "Summary: Canfield solitaire engine and solver (the browser build's pure-Python part)\n"
    ).encode()
    files[f"{info}/WHEEL"] = (
        b"Wheel-Version: 1.0\nGenerator: canfield tools/build_web.py\n"
        b"Root-Is-Purelib: true\nTag: py3-none-any\n"
    )
    wheel = out_dir / f"canfield-{ver}-py3-none-any.whl"
    _write_wheel(wheel, files, f"{info}/RECORD")
    return wheel


def _write_wheel(wheel: Path, files: dict[str, bytes], record_name: str) -> None:
    record = "".join(f"{name},{_record_hash(data)}\n" for name, data in files.items())
    files = {**files, record_name: (record + f"{record_name},,\n").encode()}
    with zipfile.ZipFile(wheel, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        for name, data in files.items():
            entry = zipfile.ZipInfo(name, _ZIP_TIME)
            entry.compress_type = zipfile.ZIP_DEFLATED
            entry.external_attr = 0o644 << 16
            archive.writestr(entry, data)


def _need_node_modules() -> None:
    missing = [f for f in PYODIDE_FILES if not (NODE_MODULES / "pyodide" / f).is_file()]
    if missing or not (NODE_MODULES / ".bin" / "tsc").exists():
        raise BuildError(
            "node_modules is missing or incomplete: run `npm ci` first (make web does)"
        )


def copy_pyodide(out: Path, wheel: Path, *, trim: bool = True) -> set[str]:
    """Pyodide's files into ``out/pyodide``; returns the standard-library files the game loads
    (empty with ``trim`` off)."""
    target = out / "pyodide"
    target.mkdir()
    loaded: set[str] = set()
    for name in PYODIDE_FILES:
        if trim and name == "python_stdlib.zip":
            loaded = trim_stdlib(wheel, NODE_MODULES / "pyodide" / name, target / name)
        elif name == "pyodide-lock.json":
            write_lock_file(NODE_MODULES / "pyodide" / name, target / name)
        else:
            shutil.copyfile(NODE_MODULES / "pyodide" / name, target / name)
    return loaded


def write_lock_file(source: Path, target: Path) -> None:
    """Pyodide's lock file without its 357 packages: the game loads none (no ``loadPackage``),
    and the list is 26 KiB of the gzipped download."""
    lock = json.loads(source.read_text(encoding="utf-8"))
    lock["packages"] = {}
    target.write_text(json.dumps(lock, separators=(",", ":")), encoding="utf-8")


_STDLIB_MOUNT: Final = "/lib/python314.zip/"
_KEEP_ALWAYS: Final = (
    "pyodide/",
    "_pyodide/",
    "_sysconfigdata",
    "encodings/__init__.py",
    "encodings/aliases.py",
    "encodings/utf_8.py",
    "encodings/utf_8_sig.py",
    "encodings/latin_1.py",
    "encodings/ascii.py",
    "encodings/cp437.py",
    "encodings/idna.py",
)
"""Pyodide's own Python side and the codecs a zip or a terminal may ask for by name."""


def run_in_pyodide(wheel: Path, program: str, timeout: float = 600) -> Any:
    """Run ``program`` in Pyodide under Node with ``wheel`` unpacked (tools/pyodide_run.mjs);
    the JSON it leaves in ``RESULT``, read. The build and the tests run Pyodide this one way."""
    result = subprocess.run(
        ["node", str(ROOT / "tools" / "pyodide_run.mjs"), str(wheel)],
        input=program,
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
        cwd=ROOT,
    )
    if result.returncode != 0:
        raise BuildError(f"the program failed under Pyodide:\n{result.stderr[-3000:]}")
    return json.loads(result.stdout.strip().splitlines()[-1])


def _loaded_modules(wheel: Path) -> set[str]:
    """The standard-library files the game imports, found by running it under Pyodide in Node."""
    program = (ROOT / "tools" / "web_workload.py").read_text(encoding="utf-8")
    files = run_in_pyodide(wheel, program)
    return {f[len(_STDLIB_MOUNT) :] for f in files if f.startswith(_STDLIB_MOUNT)}


def _named_modules() -> set[str]:
    """Top-level modules the package's source imports anywhere (a lazy import included)."""
    import ast

    names: set[str] = set()
    for _name, path in _wheel_sources():
        if path.suffix != ".py":
            continue
        for node in ast.walk(ast.parse(path.read_bytes())):
            if isinstance(node, ast.Import):
                names.update(alias.name.split(".")[0] for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names.add(node.module.split(".")[0])
    return names


def trim_stdlib(wheel: Path, source: Path, target: Path) -> set[str]:
    """``python_stdlib.zip`` with only what the game uses (see the module docstring); returns
    the files the game loaded."""
    import zipfile

    loaded = _loaded_modules(wheel)
    named = _named_modules()
    with zipfile.ZipFile(source) as full, zipfile.ZipFile(target, "w") as trimmed:
        for info in full.infolist():
            name = info.filename
            top = name.split("/", 1)[0].removesuffix(".py")
            if (
                name.endswith("/")
                or name in loaded
                or name.startswith(_KEEP_ALWAYS)
                or (top in named and not name.startswith("encodings/"))
            ):
                trimmed.writestr(info, full.read(name))
    return loaded


_COMPILE_PROGRAM: Final = """
import ast, base64, importlib.util, json
from importlib._bootstrap_external import _code_to_hash_pyc

import sys
boot = {getattr(m, "__file__", None) for m in list(sys.modules.values())}


def without_docstrings(data, filename):
    # a module's and a function's docstring, not a class's (dataclass would make one
    # by inspect.signature at import); the asserts stay, unlike -OO
    tree = ast.parse(data, filename)
    for node in ast.walk(tree):
        kinds = (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef)
        if isinstance(node, kinds) and ast.get_docstring(node, clean=False) is not None:
            first = node.body[0]
            node.body = node.body[1:] or [ast.copy_location(ast.Pass(), first)]
    return tree


compiled = {}
for name, (filename, text) in json.loads(SOURCES).items():
    if filename in boot:
        continue  # loaded by Pyodide's own start, before the game: left as it ships
    data = base64.b64decode(text)
    tree = without_docstrings(data, filename)
    code = compile(tree, filename, "exec", dont_inherit=True, optimize=0)
    pyc = _code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False)
    compiled[name] = base64.b64encode(pyc).decode()
RESULT = json.dumps(compiled)
"""


def compile_bytecode(sources: dict[str, tuple[str, bytes]], wheel: Path) -> dict[str, bytes]:
    """``.pyc`` bytes by Pyodide for each source (name → (its file, its text)) but those
    its own start has loaded."""
    payload = {n: (f, base64.b64encode(data).decode()) for n, (f, data) in sources.items()}
    program = f"SOURCES = {json.dumps(json.dumps(payload))}\n{_COMPILE_PROGRAM}"
    result = subprocess.run(
        ["node", str(ROOT / "tools" / "pyodide_run.mjs"), str(wheel)],
        input=program,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
        cwd=ROOT,
    )
    if result.returncode != 0:
        raise BuildError(f"compiling to bytecode under Pyodide failed:\n{result.stderr[-3000:]}")
    answer = json.loads(result.stdout.strip().splitlines()[-1])
    return {name: base64.b64decode(pyc) for name, pyc in answer.items()}


def _rewrite_zip(path: Path, replace: dict[str, bytes]) -> None:
    """The zip at ``path`` with each ``x.py`` named in ``replace`` swapped for its ``x.pyc``."""
    with zipfile.ZipFile(path) as old:
        entries = [(info, old.read(info.filename)) for info in old.infolist()]
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as new:
        for info, data in entries:
            name = info.filename
            entry = zipfile.ZipInfo(name + "c" if name in replace else name, info.date_time)
            entry.external_attr = info.external_attr or 0o644 << 16
            entry.compress_type = zipfile.ZIP_DEFLATED
            new.writestr(entry, replace.get(name, data), compresslevel=9)


def precompile(out: Path, wheel: Path, stdlib: set[str]) -> None:
    """Swap the wheel's modules (and the game's part of the standard library) for bytecode."""
    stdlib_zip = out / "pyodide" / "python_stdlib.zip"
    sources: dict[str, tuple[str, bytes]] = {}
    with zipfile.ZipFile(wheel) as archive:
        for name in archive.namelist():
            if name.endswith(".py"):
                sources[f"wheel:{name}"] = (name, archive.read(name))
    if stdlib:
        with zipfile.ZipFile(stdlib_zip) as archive:
            for name in archive.namelist():
                if name.endswith(".py") and name in stdlib:
                    sources[f"stdlib:{name}"] = (_STDLIB_MOUNT + name, archive.read(name))
    compiled = compile_bytecode(sources, wheel)
    part: dict[str, dict[str, bytes]] = {"wheel": {}, "stdlib": {}}
    for key, data in compiled.items():
        where, name = key.split(":", 1)
        part[where][name] = data
    _rewrite_wheel(wheel, part["wheel"])
    if stdlib:
        _rewrite_zip(stdlib_zip, part["stdlib"])


def _rewrite_wheel(wheel: Path, replace: dict[str, bytes]) -> None:
    """The wheel with its modules as ``.pyc`` and a RECORD that names what it now holds."""
    with zipfile.ZipFile(wheel) as old:
        files = {name: old.read(name) for name in old.namelist()}
    record_name = next(n for n in files if n.endswith(".dist-info/RECORD"))
    del files[record_name]
    for name, pyc in replace.items():
        del files[name]
        files[name + "c"] = pyc
    _write_wheel(wheel, files, record_name)


CLANG: Final = os.environ.get("CANFIELD_WASM_CC", "clang-14")
CORE_PACKAGES: Final = "apt-get install clang-14 lld-14 wasi-libc libclang-rt-14-dev-wasm32"


CORE_FILE: Final = "search-core.wasm"


def build_search_core(out: Path) -> Path:
    """``web/wasm/core.c`` (the solver's ``_core.c`` behind a plain C interface) as plain
    WebAssembly, by Debian's clang, lld and wasi-libc for wasm32; returns its path."""
    if shutil.which(CLANG) is None:
        raise BuildError(f"{CLANG} is not installed ({CORE_PACKAGES})")
    target = out / CORE_FILE
    command = [
        CLANG, "--target=wasm32-wasi", "-O2", "-std=c11", "-Wall", "-Wno-unused-function",
        "-nostartfiles", "-Wl,--no-entry", "-Wl,--gc-sections", "-Wl,--strip-all",
        f"-I{WEB / 'wasm' / 'shim'}", f"-I{SOURCE / 'solver'}",
        str(WEB / "wasm" / "core.c"), "-o", str(target),
    ]  # fmt: skip
    result = subprocess.run(command, capture_output=True, text=True, check=False)
    if result.returncode != 0:
        raise BuildError(f"the WebAssembly search core does not build:\n{result.stderr[-3000:]}")
    return target


def compile_typescript(out: Path) -> None:
    """Page and worker (two tsconfigs: the DOM and the worker's globals differ)."""
    tsc = str(NODE_MODULES / ".bin" / "tsc")
    for config in ("tsconfig.json", "tsconfig.worker.json"):
        result = subprocess.run(
            [tsc, "-p", str(WEB / config), "--outDir", str(out / "app")],
            capture_output=True,
            text=True,
            check=False,
        )
        if result.returncode != 0:
            raise BuildError(f"tsc -p web/{config} failed:\n{result.stdout}{result.stderr}")


def make_icons(out: Path) -> list[dict[str, str]]:
    """PNG icons at the sizes phones ask for, drawn from the desktop SVG icon by Qt."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import QRectF
    from PySide6.QtGui import QGuiApplication, QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer

    _app = QGuiApplication.instance() or QGuiApplication([])
    svg = ROOT / "data" / f"{APP_ID}.svg"
    renderer = QSvgRenderer(str(svg))
    if not renderer.isValid():
        raise BuildError(f"cannot read the icon {svg}")
    icons_dir = out / "icons"
    icons_dir.mkdir()
    shutil.copyfile(svg, icons_dir / "icon.svg")
    entries = []
    for size in ICON_SIZES:
        for purpose, inset in (("any", 0.0), ("maskable", 0.1)):
            image = QImage(size, size, QImage.Format.Format_ARGB32)
            image.fill(0xFF0E3C21 if purpose == "maskable" else 0)
            painter = QPainter(image)
            margin = size * inset
            renderer.render(painter, QRectF(margin, margin, size - 2 * margin, size - 2 * margin))
            painter.end()
            name = f"icon-{size}{'-maskable' if purpose == 'maskable' else ''}.png"
            # quality 0: zlib's strongest level, still lossless (11% smaller than the default)
            if not image.save(str(icons_dir / name), "PNG", 0):
                raise BuildError(f"cannot write {icons_dir / name}")
            entries.append(
                {
                    "src": f"icons/{name}",
                    "sizes": f"{size}x{size}",
                    "type": "image/png",
                    "purpose": purpose,
                }
            )
    return entries


def boot_texts() -> dict[str, dict[str, str]]:
    """What the page shows before Python runs, in every language, from the catalogs."""
    sys.path.insert(0, str(ROOT / "src"))
    from canfield.web.boot import boot_texts as texts

    return {lang: texts(lang) for lang in LANGUAGES}


def write_manifest(out: Path, icons: list[dict[str, str]]) -> None:
    manifest = {
        "name": "Canfield",
        "short_name": "Canfield",
        "id": "./",
        "start_url": "./",
        "scope": "./",
        "display": "standalone",
        "orientation": "any",
        "background_color": "#0e3c21",
        "theme_color": "#0e3c21",
        "icons": [{"src": "icons/icon.svg", "sizes": "any", "type": "image/svg+xml"}, *icons],
    }
    (out / "manifest.webmanifest").write_text(json.dumps(manifest, indent=1), encoding="utf-8")


def _site_files(out: Path) -> list[Path]:
    return sorted(p for p in out.rglob("*") if p.is_file() and p.name != "sw.js")


def bundle_version(out: Path) -> str:
    digest = hashlib.sha256()
    for path in _site_files(out):
        digest.update(path.relative_to(out).as_posix().encode() + b"\0")
        digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()[:16]


def write_service_worker(out: Path) -> str:
    """``sw.js``: the compiled worker with the file list and version it precaches put in front."""
    compiled = out / "app" / "worker" / "sw.js"
    body = compiled.read_text(encoding="utf-8")
    compiled.unlink()
    files = ["./", *(p.relative_to(out).as_posix() for p in _site_files(out))]
    files.remove("index.html")  # served as "./"
    ver = bundle_version(out)
    head = f"const VERSION = {json.dumps(ver)};\nconst PRECACHE = {json.dumps(files)};\n"
    (out / "sw.js").write_text(head + body, encoding="utf-8")
    return ver


def splash_icon() -> str:
    """The app's SVG icon as inline markup (no XML declaration, no title: it is decoration), so
    the splash's first paint needs no request."""
    svg = (ROOT / "data" / f"{APP_ID}.svg").read_text(encoding="utf-8")
    svg = svg[svg.index("<svg") :]
    svg = re.sub(r"<title>.*?</title>\s*", "", svg, flags=re.DOTALL)
    svg = re.sub(r"<!--.*?-->\s*", "", svg, flags=re.DOTALL)
    return svg.replace("<svg ", '<svg aria-hidden="true" focusable="false" ', 1).strip()


def snapshot_key(out: Path, wheel: Path) -> str:
    """What a worker's memory snapshot depends on: Pyodide's files (its WebAssembly, its
    JavaScript, the standard library) and the wheel; a new build of either makes a new key,
    and the worker drops the snapshots of other keys."""
    digest = hashlib.sha256()
    for path in [*sorted((out / "pyodide").iterdir()), wheel]:
        digest.update(path.name.encode() + b"\0" + hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()[:16]


def write_page(out: Path, wheel: Path, core: Path | None) -> None:
    page = (WEB / "index.html").read_text(encoding="utf-8")
    config = {
        "wheel": wheel.name,
        "core": None if core is None else core.name,
        "snapshot": snapshot_key(out, wheel),
        "boot": boot_texts(),
        "languages": list(LANGUAGES),
    }
    page = page.replace("/*CONFIG*/{}", json.dumps(config, ensure_ascii=False))
    page = page.replace("<!--ICON-->", splash_icon())
    (out / "index.html").write_text(page, encoding="utf-8")
    for sheet in sorted(WEB.glob("*.css")):  # style.css (the table), screens.css (the dialogs)
        shutil.copyfile(sheet, out / sheet.name)


def build(out: Path, *, trim: bool = True, bytecode: bool = True) -> str:
    _need_node_modules()
    if out.exists():
        if not (out / "sw.js").is_file() and any(out.iterdir()):
            raise BuildError(f"{out} exists and is not a built site: refusing to delete it")
        shutil.rmtree(out)
    out.mkdir(parents=True)
    wheel = build_wheel(out)
    loaded = copy_pyodide(out, wheel, trim=trim)
    if bytecode:
        precompile(out, wheel, loaded)
    compile_typescript(out)
    write_manifest(out, make_icons(out))
    core = None
    if shutil.which(CLANG) is not None:
        core = build_search_core(out)
    else:
        print(
            f"build_web: no {CLANG}: the page searches in Python (60 times slower); "
            f"for the WebAssembly search core: {CORE_PACKAGES}",
            file=sys.stderr,
        )
    write_page(out, wheel, core)
    return write_service_worker(out)


def sizes(out: Path) -> tuple[int, int]:
    """Raw and gzipped bytes of the whole site (what a first visit downloads)."""
    raw = zipped = 0
    for path in [*_site_files(out), out / "sw.js"]:
        data = path.read_bytes()
        raw += len(data)
        zipped += len(gzip.compress(data, 9))
    return raw, zipped


def main(argv: Iterable[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--out", type=Path, default=ROOT / "dist" / "web", help="output folder")
    parser.add_argument(
        "--full-stdlib", action="store_true", help="keep Pyodide's whole standard library"
    )
    parser.add_argument(
        "--source", action="store_true", help="ship .py sources, not Pyodide's bytecode"
    )
    args = parser.parse_args(None if argv is None else list(argv))
    try:
        ver = build(args.out.resolve(), trim=not args.full_stdlib, bytecode=not args.source)
    except BuildError as exc:
        print(f"build_web: error: {exc}", file=sys.stderr)
        return 1
    raw, zipped = sizes(args.out)
    print(
        f"built {args.out} (bundle {ver}): {raw / 2**20:.1f} MiB, {zipped / 2**20:.2f} MiB "
        f"gzipped ({zipped:,} bytes; the aim is 5 MiB, {5 * 2**20:,})"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
