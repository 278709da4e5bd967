import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

@Entity('configurator')
export class Configurator {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'jsonb', default: () => "'{}'" })
  data: Record<string, unknown>;
}
