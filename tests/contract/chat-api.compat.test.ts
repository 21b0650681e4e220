import { chatApiContract } from './chat-api.contract';
import { HttpDemoWorld, PEOPLE } from './worlds';

const LIVEKIT_URL = 'ws://127.0.0.1:7880';

// The same contract against the server answering as a real OpenIM 3.8 + chat 1.8 deployment: there is
// no /user/search/fuzzy (plain-text 404), so the adapter must fall back to /user/search/public.
chatApiContract('HTTP adapter against the openim-3.8 compatibility profile', async () => {
  const demo = await HttpDemoWorld.start({ liveKitUrl: LIVEKIT_URL, compat: 'openim-3.8' });
  return {
    chat: (person) => demo.chat(person),
    userID: (person) => PEOPLE[person].userID,
    phoneNumber: (person) => PEOPLE[person].phoneNumber,
    rtcServerUrl: LIVEKIT_URL,
    close: () => demo.close(),
  };
});
