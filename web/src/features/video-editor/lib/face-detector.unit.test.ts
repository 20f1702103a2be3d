import { describe, expect, it } from 'vitest';
import { chooseBackend, HUMAN_MODELS_PATH, humanConfig, isSoftwareRenderer } from './face-detector.ts';

describe("the face detector's set-up", () => {
  it("loads its models from our own origin and never the WASM backend's CDN", () => {
    for (const backend of ['webgl', 'wasm', 'cpu'] as const) {
      const config = humanConfig(backend);
      expect(config).toMatchObject({
        backend,
        modelBasePath: HUMAN_MODELS_PATH,
        wasmPath: HUMAN_MODELS_PATH,
        warmup: 'none',
      });
      expect(JSON.stringify(config)).not.toMatch(/https?:/);
    }
    expect(HUMAN_MODELS_PATH).toBe('/models/human/');
  });

  it('runs the face box and mesh only (the two models served)', () => {
    const { face, body, hand, object, gesture, segmentation } = humanConfig('webgl');
    expect(face).toMatchObject({
      enabled: true,
      mesh: { enabled: true },
      iris: { enabled: false },
      emotion: { enabled: false },
      description: { enabled: false },
      antispoof: { enabled: false },
      liveness: { enabled: false },
    });
    for (const off of [body, hand, object, gesture, segmentation]) expect(off).toMatchObject({ enabled: false });
  });

  it("uses a real GPU's WebGL, else WASM when it is served, else the CPU", () => {
    const gpu = 'ANGLE (Intel, Mesa Intel(R) UHD Graphics 620, OpenGL 4.6)';
    const emulated = 'ANGLE (Google, Vulkan 1.3.0 (SwiftShader Device (Subzero)), SwiftShader driver)';
    expect(chooseBackend({ renderer: gpu, wasm: true })).toBe('webgl');
    expect(chooseBackend({ renderer: emulated, wasm: true })).toBe('wasm');
    expect(chooseBackend({ renderer: null, wasm: true })).toBe('wasm');
    expect(chooseBackend({ renderer: emulated, wasm: false })).toBe('cpu');
    expect(chooseBackend({ renderer: null, wasm: false })).toBe('cpu');
  });

  it('treats an emulated WebGL as no GPU', () => {
    expect(
      isSoftwareRenderer(
        'ANGLE (Google, Vulkan 1.3.0 (SwiftShader Device (Subzero) (0x0000C0DE)), SwiftShader driver)',
      ),
    ).toBe(true);
    expect(isSoftwareRenderer('llvmpipe (LLVM 15.0.6, 256 bits)')).toBe(true);
    expect(isSoftwareRenderer('ANGLE (NVIDIA, NVIDIA GeForce RTX 3060 Direct3D11 vs_5_0 ps_5_0, D3D11)')).toBe(false);
  });
});
