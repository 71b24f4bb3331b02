// Whether the controls inside an OfflineGate are shut off because the sandbox is not answering:
// the gate's disabled fieldset disables them without a word, so a button reads this to say why.
import { createContext } from 'react';

export const GatedOffline = createContext(false);
