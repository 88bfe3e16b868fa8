"""setuptools' build backend, able to build the wheel without the `wheel` package.

`pip install --no-index --no-build-isolation ./clients/python` in a fresh venv builds with the
setuptools that venv brings (66 on Debian 12), which makes wheels only through the separate
`wheel` package (setuptools 70.1 took that command in); a venv has no `wheel` and no index is
reachable here to fetch it. So, when that command is missing, setuptools still reads the
project, writes its metadata and lays out its files (egg_info, build_py), and this module only
zips them in the wheel format (PEP 427); everywhere else it is setuptools' backend unchanged.
"""
from __future__ import annotations

import base64
import hashlib
import os
import tempfile
import zipfile
from importlib.util import find_spec
from pathlib import Path

from setuptools import build_meta as _setuptools
from setuptools.build_meta import *  # noqa: F401,F403 - every hook is setuptools' own
from setuptools.dist import Distribution


def _has_bdist_wheel() -> bool:
    """Whether setuptools can make a wheel: its own command (70.1 on) or the `wheel` package's."""
    return any(find_spec(name) is not None for name in ("setuptools.command.bdist_wheel", "wheel"))


if not _has_bdist_wheel():
    del prepare_metadata_for_build_wheel  # pip then takes the metadata from the wheel

    def get_requires_for_build_wheel(config_settings: object = None) -> list[str]:
        return []

    def build_wheel(wheel_directory: str, config_settings: object = None, metadata_directory: object = None) -> str:
        with tempfile.TemporaryDirectory() as work:
            dist = Distribution()
            dist.script_name = "setup.py"
            dist.parse_config_files()
            egg_info = dist.get_command_obj("egg_info")
            egg_info.egg_base = work
            dist.run_command("egg_info")
            build_py = dist.get_command_obj("build_py")
            build_py.build_lib = os.path.join(work, "lib")
            dist.run_command("build_py")
            name, version = dist.get_name().replace("-", "_"), dist.get_version()
            info = next(Path(work).glob("*.egg-info"))
            files = {p.relative_to(Path(work, "lib")).as_posix(): p.read_bytes() for p in sorted(Path(work, "lib").rglob("*")) if p.is_file()}
            dist_info = f"{name}-{version}.dist-info"
            files[f"{dist_info}/METADATA"] = (info / "PKG-INFO").read_bytes()
            files[f"{dist_info}/WHEEL"] = b"Wheel-Version: 1.0\nGenerator: offline_setuptools\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
            files[f"{dist_info}/top_level.txt"] = (info / "top_level.txt").read_bytes()
            record = "".join(f"{path},sha256={_digest(data)},{len(data)}\n" for path, data in files.items())
            files[f"{dist_info}/RECORD"] = (record + f"{dist_info}/RECORD,,\n").encode()
            filename = f"{name}-{version}-py3-none-any.whl"
            with zipfile.ZipFile(os.path.join(wheel_directory, filename), "w", zipfile.ZIP_DEFLATED) as archive:
                for path, data in files.items():
                    archive.writestr(path, data)
            return filename


def _digest(data: bytes) -> str:
    return base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()


__all__ = [name for name in dir(_setuptools) if not name.startswith("_")] + ["build_wheel", "get_requires_for_build_wheel"]
