/**
 * Rooms (room types) of an accommodation: the list with its settings panel, and the form model.
 * The data comes from dataProvider/catalogueApi.
 */
export { RoomList } from './RoomList';
export { RoomPanel, type RoomPanelProps } from './RoomPanel';
export * from './roomModel';
