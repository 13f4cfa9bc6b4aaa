import { ChatPage, chatMetadata, type ChatRouteProps } from "./chat-page";
import { ChatRoom } from "./chat-room";

export { generateStaticParams } from "./chat-page";

/** Page title of chat variant 2. */
export const generateMetadata = chatMetadata;

/** Chat variant 2 (immersive, over the story's cover). */
export default function Chat2Screen(props: ChatRouteProps) {
  return <ChatPage variant="immersive" Room={ChatRoom} {...props} />;
}
