"""The engines the loop runs on: the shared Backend base (backend), vLLM (vllm_engine) and plain
transformers (hf_engine), their options declared once (engine_options), the model catalog
(models), loop-aware scheduling (scheduling), settings that start them (settings) and quiet
output (quiet)."""
