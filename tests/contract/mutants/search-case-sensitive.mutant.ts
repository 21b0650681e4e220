import { imMessagesContract } from '../im-messages.contract';
import { fakeImWorld } from '../im-worlds';
import { mutantSide } from './mutants';

imMessagesContract(mutantSide('search-case-sensitive'), () =>
  Promise.resolve(
    fakeImWorld({
      device: (device) => {
        const search = device.messages.searchLocal.bind(device.messages);
        device.messages.searchLocal = async (conversationID, keyword, count) =>
          (await search(conversationID, keyword, count)).filter((m) =>
            (m.textElem?.content ?? '').includes(keyword),
          );
      },
    }),
  ),
);
