export { startModelPeer } from "./server";
export type { Behaviour, ModelPeer, ModelPeerOptions, ReasoningStyle, RecordedRequest, SpeechBehaviour, SpeechRequest } from "./server";
export { FRAME_BYTES, FRAME_MS, mp3Frames, silentMp3, speechMs } from "./speech";
export { choicesOf, defaultReply, matchChoice, speakerOf, tokensOf } from "./reply";
export type { ChatRequest, ChatRequestMessage, ChatRequestTool, ToolCallPlan } from "./reply";
