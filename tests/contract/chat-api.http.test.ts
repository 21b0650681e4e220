import { chatApiContract } from './chat-api.contract';
import { HttpDemoWorld, PEOPLE } from './worlds';

const LIVEKIT_URL = 'ws://127.0.0.1:7880';

chatApiContract('HTTP adapter against the local server', async () => {
  const demo = await HttpDemoWorld.start({ liveKitUrl: LIVEKIT_URL });
  return {
    chat: (person) => demo.chat(person),
    userID: (person) => PEOPLE[person].userID,
    phoneNumber: (person) => PEOPLE[person].phoneNumber,
    rtcServerUrl: LIVEKIT_URL,
    close: () => demo.close(),
  };
});
