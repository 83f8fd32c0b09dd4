export { MegaMenu } from './components/mega-menu';
export { MenuDrawer } from './components/menu-drawer';
export { ModulePage } from './components/module-page';
