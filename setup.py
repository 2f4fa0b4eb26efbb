"""Map the top-level folders into one import namespace, ``rt0table``.

The repository keeps ``rules/``, ``desktop/`` and ``assets/`` at the top for readers;
installed, they become ``rt0table.rules``, ``rt0table.desktop`` and ``rt0table.assets``
so that no generic name lands in site-packages.
"""

from setuptools import find_packages, setup

FOLDERS = ("rules", "desktop", "assets")

packages: list[str] = []
package_dir: dict[str, str] = {}
for folder in FOLDERS:
    for sub in ["", *find_packages(folder)]:
        name = f"rt0table.{folder}" + (f".{sub}" if sub else "")
        packages.append(name)
        package_dir[name] = folder + ("/" + sub.replace(".", "/") if sub else "")

setup(
    packages=packages,
    package_dir=package_dir,
    package_data={"rt0table.assets": ["**/*"]},
)
