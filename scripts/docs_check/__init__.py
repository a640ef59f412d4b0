# SPDX-License-Identifier: GPL-3.0-or-later
"""scripts/check-docs.py's parts: markdown (blocks, links), snippets (the package), self_test."""
