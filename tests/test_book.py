"""The book's sources and its tool (``book/booktool.py``): notebooks in sync with their
markdown, clean, listed, offline; the site's wheel holds the engine and nothing else; a
virtual environment inside the checkout never becomes part of the book."""

from __future__ import annotations

import importlib.util
import json
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path, PurePosixPath

import nbformat
import pytest
import yaml

import booktool

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = sorted((ROOT / "book").glob("*.ipynb"))


def toc_files() -> list[str]:
    toc = yaml.safe_load((ROOT / "_toc.yml").read_text(encoding="utf-8"))
    files = [toc["root"]]

    def walk(node: object) -> None:
        if isinstance(node, dict):
            if "file" in node:
                files.append(node["file"])
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for item in node:
                walk(item)

    walk({k: v for k, v in toc.items() if k != "root"})
    return files


def test_notebooks_match_their_markdown() -> None:
    assert booktool.problems(ROOT) == []


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_committed_notebooks_are_clean(path: Path) -> None:
    nb = nbformat.read(path, as_version=4)
    assert "widgets" not in nb.metadata, f"widget state: {booktool.SYNC}"
    for cell in nb.cells:
        assert "execution" not in cell.metadata, f"timings: {booktool.SYNC}"
        for out in cell.get("outputs", []):
            assert booktool.WIDGET_VIEW not in out.get("data", {}), booktool.SYNC
            assert out.get("output_type") != "error", f"{path.name} was committed with an error"
    code = [c for c in nb.cells if c.cell_type == "code"]
    assert all(c.execution_count for c in code), f"{path.name} was not executed"


def test_every_listed_chapter_exists_and_every_chapter_is_listed() -> None:
    """Every page _toc.yml lists is a notebook, or one of the reference pages that
    ``booktool`` draws from the rulings tables; every notebook is listed."""
    listed = toc_files()
    assert listed[0] == "book/intro"
    generated = {
        p.relative_to(ROOT).with_suffix("").as_posix() for p in booktool.reference_pages(ROOT)
    }
    for name in listed:
        if name in generated:
            assert (ROOT / f"{name}.md").is_file(), f"{name}.md is missing: {booktool.PAGES}"
        else:
            assert (ROOT / f"{name}.ipynb").is_file(), f"_toc.yml lists {name}, which is missing"
    unlisted = {f"book/{p.stem}" for p in NOTEBOOKS} - set(listed)
    assert not unlisted, f"chapters missing from _toc.yml: {sorted(unlisted)}"


def test_config_serves_everything_locally() -> None:
    config = yaml.safe_load((ROOT / "_config.yml").read_text(encoding="utf-8"))
    sphinx = config["sphinx"]["config"]
    assert config["sphinx"]["local_extensions"]["booktool"] == "book"
    for path in [*sphinx["nb_ipywidgets_js"], sphinx["mathjax_path"]]:
        assert "://" not in path, path
    assert config["launch_buttons"]["thebe"] is False
    assert config["execute"]["execute_notebooks"] == "force"
    for name in ("gamebox-widgets.js", "gamebox-icons.css", "gamebox.css"):
        assert (ROOT / "book" / "_static" / name).is_file()


def test_clean_strips_state_and_keeps_text(tmp_path: Path) -> None:
    nb = nbformat.v4.new_notebook()
    nb.metadata["widgets"] = {"state": {}}
    nb.metadata["language_info"] = {"name": "python", "version": "3.11.7"}
    cell = nbformat.v4.new_code_cell("board")
    cell.metadata["execution"] = {"iopub.execute_input": "2025-01-01"}
    cell.outputs = [
        nbformat.v4.new_output(
            "execute_result",
            {"text/plain": "Stepper('x', '', 1 frame)", booktool.WIDGET_VIEW: {"model_id": "abc"}},
            execution_count=1,
        ),
        nbformat.v4.new_output("display_data", {booktool.WIDGET_VIEW: {"model_id": "def"}}),
    ]
    nb.cells = [cell, nbformat.v4.new_markdown_cell("# Title")]
    booktool.clean(nb)
    assert "widgets" not in nb.metadata
    assert nb.metadata["language_info"] == {"name": "python"}
    assert nb.metadata["jupytext"] == {"formats": booktool.JUPYTEXT_FORMATS}
    assert "execution" not in nb.cells[0].metadata
    assert [o["data"] for o in nb.cells[0].outputs] == [{"text/plain": "Stepper('x', '', 1 frame)"}]
    ids = [c["id"] for c in nb.cells]
    assert ids == [c["id"] for c in booktool.clean(nb).cells], "cell ids must be stable"
    nbformat.validate(nb)


def test_sync_converts_and_check_sees_drift(tmp_path: Path) -> None:
    (tmp_path / "_toc.yml").write_text("format: jb-book\nroot: book/demo\n")
    md_dir = tmp_path / "book" / "md"
    md_dir.mkdir(parents=True)
    md = md_dir / "demo.md"
    md.write_text(
        "---\njupytext:\n  text_representation:\n    format_name: myst\n"
        "kernelspec:\n  display_name: Python 3\n  language: python\n  name: python3\n---\n\n"
        "# Demo\n\n```{code-cell} ipython3\n:tags: [hide-input]\n\n1 + 1\n```\n",
        encoding="utf-8",
    )
    assert any("missing" in p for p in booktool.problems(tmp_path))
    out = booktool.sync(md, run=False)
    assert out == tmp_path / "book" / "demo.ipynb"
    assert booktool.problems(tmp_path) == []
    nb = nbformat.read(out, as_version=4)
    assert nb.cells[1].metadata["tags"] == ["hide-input"]
    md.write_text(md.read_text(encoding="utf-8").replace("1 + 1", "1 + 2"), encoding="utf-8")
    assert any("differs" in p for p in booktool.problems(tmp_path))
    (tmp_path / "book" / "stray.ipynb").write_text(nbformat.writes(nb))
    assert any("stray" in p for p in booktool.problems(tmp_path))


def test_execute_runs_cells_over_ipc_and_raises_on_an_error(tmp_path: Path) -> None:
    """``booktool sync``'s execution: the outputs are filled in, by a kernel that talks
    over IPC (no TCP port), and a failing cell stops it, as in the build."""
    from nbclient.exceptions import CellExecutionError

    nb = nbformat.v4.new_notebook(
        cells=[
            nbformat.v4.new_code_cell("import ipykernel.kernelapp as k"),
            nbformat.v4.new_code_cell("k.IPKernelApp.instance().transport"),
        ],
        metadata={"kernelspec": {"name": "python3", "display_name": "Python 3"}},
    )
    booktool.execute(nb, tmp_path)
    assert nb.cells[1].outputs[0]["data"]["text/plain"] == "'ipc'"
    bad = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("1 / 0")], metadata=nb.metadata)
    with pytest.raises(CellExecutionError, match="ZeroDivisionError"):
        booktool.execute(bad, tmp_path)


def test_the_sites_wheel_holds_the_engine_and_no_tool(tmp_path: Path) -> None:
    """The wheel the hook serves to Pyodide has every engine module, and neither the book's
    tool nor the benchmark; no module of that name is left in the engine either."""
    wheel = booktool.write_wheel(ROOT, tmp_path)
    with zipfile.ZipFile(wheel) as zf:
        modules = {name for name in zf.namelist() if name.endswith(".py")}
    assert {"gamebox/__init__.py", "gamebox/core.py", "gamebox/play.py"} <= modules
    assert all(name.startswith("gamebox/") for name in modules), sorted(modules)
    tools = {"book", "booktool", "bench", "playouts"}
    assert not {PurePosixPath(name).stem for name in modules} & tools, sorted(modules)
    for name in ("gamebox.book", "gamebox.bench"):
        assert importlib.util.find_spec(name) is None, f"{name} is back in the engine"


def test_the_site_gets_mathjax_only_with_maths_and_no_unused_theme_file(tmp_path: Path) -> None:
    """The hook copies Pyodide, the wheel and the worker, and MathJax only for a book with
    maths; it removes the theme's icon-font script, which no page loads."""
    for maths in (False, True):
        static = tmp_path / str(maths)
        unused = static / booktool.THEME_UNUSED[0]
        unused.parent.mkdir(parents=True)
        unused.write_text("// the theme's copy")
        written = booktool.copy_assets(ROOT, static, maths=maths)
        assert all(path.exists() for path in written)
        assert (static / "gamebox" / "pyodide" / "pyodide.mjs").is_file()
        assert (static / "gamebox" / "play_worker.js").is_file()
        assert (static / "mathjax" / "tex-chtml.js").is_file() == maths
        assert not unused.exists()
        assert not (static / "require.js").exists()
        assert not (static / "@jupyter-widgets").exists()


#: Folders of the checkout the book build never needs (and that may be big).
NOT_COPIED = shutil.ignore_patterns(
    ".git", ".venv", "venv", "_build", "node_modules", "__pycache__", "*.egg-info", ".*_cache"
)


@pytest.mark.slow
def test_a_venv_in_the_checkout_is_not_published(tmp_path: Path) -> None:
    """README's build makes ``.venv/`` inside the clone, full of pip's .md/.rst pages: the
    book must build with no warning and publish nothing from it. The checkout is copied with
    a small fake ``.venv``; its notebooks are not re-executed (``execute_notebooks: off``),
    since only what the build reads is at stake (test_site builds the real thing)."""
    checkout = tmp_path / "checkout"
    shutil.copytree(ROOT, checkout, ignore=NOT_COPIED)
    (checkout / "node_modules").symlink_to(ROOT / "node_modules", target_is_directory=True)
    config = checkout / "_config.yml"
    text = config.read_text(encoding="utf-8")
    assert "execute_notebooks: force" in text
    config.write_text(text.replace("execute_notebooks: force", 'execute_notebooks: "off"'))
    marker = "Pip4VenvMarker"
    venv = checkout / ".venv" / "lib" / "python3.11" / "site-packages"
    (venv / "pip").mkdir(parents=True)
    (venv / "pip" / "README.md").write_text(f"# {marker} markdown\n\n[x](missing.md)\n")
    (venv / "docs.rst").write_text(f"{marker} rst\n==================\n\n:ref:`nowhere`\n")
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_markdown_cell(f"# {marker} notebook")])
    nbformat.write(nb, venv / "page.ipynb")
    exe = shutil.which("jupyter-book")
    cmd = [exe] if exe else [sys.executable, "-m", "jupyter_book.cli.main"]
    cmd += ["build", "--all", ".", "-W", "-n", "--keep-going"]
    proc = subprocess.run(cmd, cwd=checkout, capture_output=True, text=True, check=False)
    log = proc.stdout + proc.stderr
    assert proc.returncode == 0 and "WARNING" not in log, log[-6000:]
    html = checkout / "_build" / "html"
    assert (html / "book" / "intro.html").is_file(), log[-3000:]
    published = [p for p in html.rglob("*") if "venv" in p.relative_to(html).as_posix()]
    assert not published, published[:5]
    leaks = [
        p for p in html.rglob("*")
        if p.is_file() and p.suffix in {".html", ".js", ".txt", ".json"}
        and marker in p.read_text(encoding="utf-8", errors="replace")
    ]  # fmt: skip
    assert not leaks, leaks[:5]


def test_readme_python_example_runs() -> None:
    import re

    text = (ROOT / "README.md").read_text(encoding="utf-8")
    code = re.search(r"```python\n(.*?)```", text, re.S).group(1)
    exec(compile(code, "README.md", "exec"), {})


def test_a_pages_boards_share_their_front_ends() -> None:
    """booktool moves every board's front end (script and styles) out of a page's widget
    state into one table, each once; a board keeps a loader with the front end's title
    lines, and a small widget keeps its own."""
    from gamebox.widgets import PlayBoard, Stepper

    boards = [Stepper, Stepper, PlayBoard]
    state = {
        "state": {
            f"m{i}": {"state": {"_esm": b._esm, "_css": b._css}} for i, b in enumerate(boards)
        }
    }
    state["state"]["small"] = {"state": {"_esm": "export default {};", "_css": ".a {}"}}
    table = booktool.share_front_ends(state)
    assert sorted(table.values()) == sorted(
        [Stepper._esm, Stepper._css, PlayBoard._esm, PlayBoard._css]
    )
    models = state["state"]
    assert models["small"]["state"] == {"_esm": "export default {};", "_css": ".a {}"}
    for i, board in enumerate(boards):
        traits = models[f"m{i}"]["state"]
        assert traits["_css"] == "" and len(traits["_esm"]) < booktool.SHARED_FROM
        name = "gamebox Stepper" if board is Stepper else "gamebox PlayBoard"
        assert name in traits["_esm"] and booktool.FRONT_ENDS in traits["_esm"]
        keys = re.findall(r'shared\["([0-9a-f]+)"\]', traits["_esm"])
        assert sorted(table[k] for k in keys) == sorted([board._esm, board._css])
    written = booktool.script_json(table)
    assert "</" not in written and json.loads(written) == table


def test_the_build_runs_its_notebooks_at_once_and_reads_them_last(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """``NotebookRuns`` takes over myst-nb's ``force`` execution: the notebooks start as
    soon as Sphinx lists its pages, two at a time (each kernel over IPC), are read after
    the other pages, as executed; a failing cell is a warning with its traceback."""
    from types import SimpleNamespace

    from myst_nb.core.config import NbParserConfig

    spec = {"name": "python3", "display_name": "Python 3", "language": "python"}

    def meet(me: str, other: str) -> str:
        """A cell that marks its kernel as started, then waits (up to a minute) for the
        other notebook's kernel: it sees it only if both run at the same time."""
        return (
            "import pathlib, time\n"
            f"pathlib.Path({str(tmp_path / me)!r}).touch()\n"
            f"other, end = pathlib.Path({str(tmp_path / other)!r}), time.monotonic() + 60\n"
            "while not other.exists() and time.monotonic() < end:\n"
            "    time.sleep(0.05)\n"
            "print(other.exists())"
        )

    for name, source in (("a", meet("a.on", "b.on")), ("b", meet("b.on", "a.on")), ("c", "1 / 0")):
        nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(source)])
        nb.metadata["kernelspec"] = spec
        nbformat.write(nb, tmp_path / f"{name}.ipynb")
    (tmp_path / "page.md").write_text("# A page\n")

    def doc2path(name: str) -> str:
        return str(next(tmp_path.glob(f"{name}.*")))

    config = NbParserConfig(execution_mode="force", execution_timeout=120, execution_show_tb=True)
    env = SimpleNamespace(mystnb_config=config, doc2path=doc2path)
    app = SimpleNamespace(parallel=0, env=env)
    runs = booktool.NotebookRuns()
    docnames = ["a", "b", "c", "page"]
    runs.start(app, env, docnames)
    try:
        assert docnames == ["page", "a", "b", "c"]
        assert env.mystnb_config.execution_mode == "off", "myst-nb must not run them again"
        for name in ("a", "b"):
            source = [""]
            runs.read(app, name, source)
            (out,) = json.loads(source[0])["cells"][0]["outputs"]
            assert "".join(out["text"]) == "True\n", f"{name} ran alone, not beside the other"
        source = [""]
        with caplog.at_level("WARNING"):
            runs.read(app, "c", source)
        assert "ZeroDivisionError" in caplog.text
        assert json.loads(source[0])["cells"][0]["outputs"][0]["output_type"] == "error"
        source = ["# A page\n"]
        runs.read(app, "page", source)
        assert source == ["# A page\n"]
    finally:
        folder = runs.folder
        runs.close(app, None)
    assert folder is not None and not folder.exists()
