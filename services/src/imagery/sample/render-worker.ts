import { answerRequests } from '../../platform/workers/answer-requests.js';
import { renderSampleRecipe, type SampleRenderRequest } from './sample-renderer.js';

// Entry of a sample render thread (see createSampleRenderer). Fonts register here on first use, as on
// any thread that paints signs (render/fonts.ts).
answerRequests<SampleRenderRequest, ArrayBuffer>(async ({ recipe, scene }) => {
  const jpeg = await renderSampleRecipe(recipe, scene);
  // @napi-rs/canvas returns memory Node cannot transfer (an external buffer: postMessage would serialise
  // and copy it twice); one copy into a buffer of our own moves to the main thread without another.
  const bytes = new Uint8Array(jpeg).buffer;
  return { value: bytes, transfer: [bytes] };
});
