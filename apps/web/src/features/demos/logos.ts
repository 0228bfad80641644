// Small local SVG logos of the demo companies: Vite inlines them as data: URIs (CSP img-src allows data:).
import chystePovitria from './logos/chyste-povitria.svg';
import dniproLabs from './logos/dnipro-labs.svg';
import karpatySystems from './logos/karpaty-systems.svg';
import kvitkaStudio from './logos/kvitka-studio.svg';
import lvivSoft from './logos/lviv-soft.svg';
import morskaData from './logos/morska-data.svg';
import okoCameras from './logos/oko-cameras.svg';
import shkolaOnline from './logos/shkola-online.svg';
import stepMobile from './logos/step-mobile.svg';
import urokAcademy from './logos/urok-academy.svg';
import zoryaneNebo from './logos/zoryane-nebo.svg';

export const DEMO_LOGOS = {
  chystePovitria,
  dniproLabs,
  karpatySystems,
  kvitkaStudio,
  lvivSoft,
  morskaData,
  okoCameras,
  shkolaOnline,
  stepMobile,
  urokAcademy,
  zoryaneNebo,
} as const;
