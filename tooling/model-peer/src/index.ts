export { startModelPeer } from "./server";
export type { Behaviour, ModelPeer, ModelPeerOptions, ReasoningStyle, RecordedRequest } from "./server";
export { choicesOf, defaultReply, matchChoice, speakerOf, tokensOf } from "./reply";
export type { ChatRequest, ChatRequestMessage, ChatRequestTool, ToolCallPlan } from "./reply";
